//! Builds the page (web/dist, made by `scripts/build-web`) into the binary, so that
//! `menagerie serve` serves it from any directory. Without web/dist the binary still builds
//! and serves a note on how to build the page.

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let web = manifest.join("../../web");
    let dist = web.join("dist");
    // a missing directory would make cargo rerun this script on every build: watch web/
    // (whose listing changes when dist appears) until dist exists
    if dist.is_dir() {
        println!("cargo:rerun-if-changed={}", dist.display());
    } else {
        println!("cargo:rerun-if-changed={}", web.display());
    }
    let mut files = Vec::new();
    if dist.join("index.html").is_file() {
        collect(&dist, &dist, &mut files);
    }
    files.sort();
    let mut out = String::from("/// web/dist as it was when this binary was built.\n");
    out.push_str("pub static FILES: &[(&str, &[u8])] = &[\n");
    for (name, path) in &files {
        writeln!(
            out,
            "    ({name:?}, include_bytes!({:?})),",
            path.display().to_string()
        )
        .expect("writing to a String");
    }
    out.push_str("];\n");
    let target = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("page.rs");
    std::fs::write(target, out).expect("OUT_DIR is writable");
}

fn collect(root: &Path, dir: &Path, files: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(root, &path, files);
        } else if let Ok(relative) = path.strip_prefix(root) {
            let name = relative.to_string_lossy().replace('\\', "/");
            let absolute = path.canonicalize().unwrap_or(path.clone());
            files.push((name, absolute));
        }
    }
}
