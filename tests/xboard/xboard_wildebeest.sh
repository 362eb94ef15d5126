#!/usr/bin/env bash
# XBoard (the real GUI, under Xvfb) plays Wildebeest between two `menagerie xboard`
# engines for a few seconds: the engines must describe the variant (`setup`, `piece`),
# moves must be made, and XBoard's debug log must show no error or illegal move.
# Usage: tests/xboard/xboard_wildebeest.sh MENAGERIE_BINARY [SCREENSHOT.png]
set -euo pipefail
bin=$(realpath "$1")
shot=${2:-}
xboard=$(command -v xboard || echo /usr/games/xboard)
work=$(mktemp -d)
display=:$((90 + RANDOM % 100))
Xvfb "$display" -screen 0 1024x768x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null || true; rm -rf "$work"' EXIT
sleep 1
DISPLAY=$display "$xboard" -fcp "$bin xboard" -fd "$work" -scp "$bin xboard" -sd "$work" \
    -variant wildebeest -matchGames 1 -tc 0:30 -inc 0.1 -size medium -soundProgram true \
    -debug -nameOfDebugFile "$work/debug.txt" >"$work/out.txt" 2>&1 &
gui=$!
sleep 12
if [ -n "$shot" ]; then
    DISPLAY=$display xwd -root -silent | convert xwd:- -crop 522x574+0+0 +repage "$shot"
fi
kill "$gui" 2>/dev/null || true
# XBoard sometimes waits for its engines forever on the way out; the test reads only its log.
for _ in 1 2 3 4 5; do kill -0 "$gui" 2>/dev/null || break; sleep 1; done
kill -9 "$gui" 2>/dev/null || true
wait "$gui" 2>/dev/null || true
log=$work/debug.txt
fail() { echo "FAIL: $*" >&2; tail -40 "$log" >&2 || true; exit 1; }
[ -s "$log" ] || fail "XBoard wrote no debug log: $(cat "$work/out.txt")"
grep -q '^[0-9]* <first : setup (.*) 11x10+0_fairy ' "$log" || fail "no setup for the 11x10 board"
grep -q '<first : piece W& NC' "$log" || fail "no piece line for the wildebeest"
moves=$(grep -c -E '<(first |second): move ' "$log" || true)
[ "$moves" -ge 6 ] || fail "only $moves moves in 12 seconds"
if grep -n -i -E '<(first |second): (Error|Illegal move|tellusererror)|illegal move' "$log" >&2; then
    fail "an error in XBoard's debug log"
fi
echo "OK: XBoard played $moves Wildebeest moves between two menagerie engines, no error in its log"
