// The rules page of one variant, /rules/ID: what it is (the catalog's words), its start
// position drawn by the board component, its rule options, and docs/rules.md's section for
// it, the decisions included, without the source citations.

import rulesMarkdown from "../../docs/rules.md?raw";
import { api, type VariantInfo } from "./api";
import { escapeHtml } from "./dice";
import { drawDiagram } from "./diagram";
import { markdownToHtml, rulesSection, sectionIds, withoutCitations } from "./markdown";

export async function rulesPage(root: HTMLElement, id: string): Promise<void> {
  let variants: VariantInfo[] = [];
  try {
    variants = await api.variants();
  } catch (e) {
    root.innerHTML = `<p class="error">The games could not be loaded: ${escapeHtml((e as Error).message)}</p>`;
    return;
  }
  const v = variants.find((x) => x.id === id);
  if (!v) {
    document.title = "No such game · Menagerie";
    root.innerHTML = `<section class="missing"><h1>No such game</h1><p>There are no rules for
      <code>${escapeHtml(id)}</code>. The games are listed on the <a href="/">home page</a>.</p></section>`;
    return;
  }
  document.title = `${v.name}: rules · Menagerie`;
  const section = rulesSection(rulesMarkdown, id);
  const others = variants.filter((x) => x.id !== id);
  root.innerHTML = `
    <article class="rules-page">
      <h1>${escapeHtml(v.name)}</h1>
      <header class="rules-head">
        <div class="rules-diagram"></div>
        <div>
          <p class="rules-summary">${escapeHtml(v.summary)}</p>
          <p>${escapeHtml(v.description)}</p>
          ${
            v.start.beast_kind === "juggernaut"
              ? "<p class=\"rules-note\">The diagram shows the Juggernaut on one square the dice may choose; each game places it afresh.</p>"
              : ""
          }
          <p><a class="big play-rules" href="/?variant=${encodeURIComponent(v.id)}">Play ${escapeHtml(v.name)}</a></p>
        </div>
      </header>
      ${
        v.options.length
          ? `<section><h2>Rule options</h2><ul class="rule-options">${v.options
              .map(
                (o) =>
                  `<li><code>${escapeHtml(o.key)}</code>: ${escapeHtml(o.description)} (default <code>${escapeHtml(o.default)}</code>)</li>`,
              )
              .join("")}</ul></section>`
          : ""
      }
      <section class="rules-text"><h2>Every rule</h2>${
        section ? linkSections(markdownToHtml(withoutCitations(section.body)), variants) : "<p>The rules of this game are not written up yet.</p>"
      }</section>
      <nav class="rules-others">Other games: ${others
        .map((o) => `<a href="/rules/${encodeURIComponent(o.id)}">${escapeHtml(o.name)}</a>`)
        .join(" · ")}</nav>
    </article>`;
  drawDiagram(root.querySelector(".rules-diagram") as HTMLElement, v.start, v.roles, `${v.name}: the start position`);
  // where docs/rules.md draws boards in text, every board of the section, drawn
  const family = variants.filter((x) => section?.ids.includes(x.id));
  for (const spot of root.querySelectorAll<HTMLElement>(".rules-boards"))
    for (const x of family) {
      const figure = document.createElement("figure");
      figure.innerHTML = `<figcaption>${escapeHtml(x.name)}</figcaption>`;
      spot.appendChild(figure);
      drawDiagram(figure, x.start, x.roles, `${x.name}: the start position`);
    }
}

/** "as in section 1" becomes a link to that game's rules page. */
function linkSections(html: string, variants: readonly VariantInfo[]): string {
  const ids = sectionIds(rulesMarkdown);
  return html.replace(/\bsection (\d+)\b/g, (text, n: string) => {
    const target = variants.find((v) => v.id === ids.get(n));
    return target ? `<a href="/rules/${encodeURIComponent(target.id)}">${text} (${escapeHtml(target.name)})</a>` : text;
  });
}
