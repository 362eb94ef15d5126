// Just enough Markdown for docs/rules.md on the rules pages: headings, paragraphs, lists,
// tables, `code`, *emphasis* and **strong**; a fenced block (a text diagram) becomes a
// place for the page's own diagrams. The sources' citations (*[seed 000: ...]*,
// *[product decision]*) are left out: the page says the rules, docs/rules.md says where
// each comes from.

import { escapeHtml } from "./dice";

/** The section of docs/rules.md that covers variant `id` (its `## N. Name (`id`, ...)` part). */
export function rulesSection(markdown: string, id: string): { title: string; ids: string[]; body: string } | null {
  const sections = markdown.split(/^## /m).slice(1);
  for (const section of sections) {
    const [heading, ...rest] = section.split("\n");
    const ids = [...heading.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]);
    if (ids.includes(id))
      return { title: heading.replace(/^\d+\.\s*/, "").replace(/\s*\(`.*$/, ""), ids, body: rest.join("\n") };
  }
  return null;
}

/** Each numbered section's first variant id: "1" → "chess", "2" → "behemoth"... */
export function sectionIds(markdown: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of markdown.matchAll(/^## (\d+)\. [^\n]*?`([a-z-]+)`/gm)) out.set(m[1], m[2]);
  return out;
}

/** Removes the citations, which may run over several lines. */
export function withoutCitations(markdown: string): string {
  return markdown.replace(/\s*\*\[[^\]]*\]\*/g, "");
}

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\*([^*]+)\*/g, "<em>$1</em>");
}

export function markdownToHtml(markdown: string): string {
  const out: string[] = [];
  const lines = markdown.split("\n");
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
    } else if (line.trim().startsWith("```")) {
      // a text diagram of boards: the page draws the boards itself in its place
      for (i++; i < lines.length && !lines[i].trim().startsWith("```"); i++);
      i++;
      out.push('<div class="rules-boards"></div>');
    } else if (/^#{3,6} /.test(line)) {
      out.push(`<h3>${inline(line.replace(/^#+ /, ""))}</h3>`);
      i++;
    } else if (/^\s*\|/.test(line)) {
      const rows: string[][] = [];
      for (; i < lines.length && /^\s*\|/.test(lines[i]); i++) {
        const cells = lines[i].trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
        if (!cells.every((c) => /^-+$/.test(c))) rows.push(cells);
      }
      const [head, ...body] = rows;
      out.push(
        `<table class="rules-table"><thead><tr>${head.map((c) => `<th>${inline(c)}</th>`).join("")}</tr></thead><tbody>${body
          .map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join("")}</tr>`)
          .join("")}</tbody></table>`,
      );
    } else if (/^\s*- /.test(line)) {
      const items: string[] = [];
      for (; i < lines.length && lines[i].trim() && !/^\s*\|/.test(lines[i]); i++) {
        if (/^\s*- /.test(lines[i])) items.push(lines[i].replace(/^\s*- /, ""));
        else items[items.length - 1] += ` ${lines[i].trim()}`;
      }
      out.push(`<ul>${items.map((item) => `<li>${inline(item)}</li>`).join("")}</ul>`);
    } else {
      const para: string[] = [];
      for (; i < lines.length && lines[i].trim() && !/^(#|\s*- |\s*\|)/.test(lines[i]); i++) para.push(lines[i].trim());
      out.push(`<p>${inline(para.join(" "))}</p>`);
    }
  }
  return out.join("\n");
}
