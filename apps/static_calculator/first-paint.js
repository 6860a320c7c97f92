// The first paint: the link's hand counted in a few lines, before Python has loaded.
//
// Pyodide takes seconds to start; the score of a link (?hand=5H5D6H7S&starter=8C&crib=0&lang=es) is
// known at once. This script reads a well-formed link (exactly as the calculator writes them: four
// card codes, a starter, crib=0|1, lang=), counts its fifteens, pairs, runs, flush and nobs as the
// engine does (cribbage/rules/show_scoring.py: the same items, in the same order, grouped as
// HandScore.groups() groups them) and shows them with the words of page-data.js, which the build
// wrote from the course's catalogue. Anything else (a tampered link) is left to the live calculator,
// which reads it with the engine's own parser and says what is wrong. The live calculator
// (calculator.js) then draws over this with Python's own state; the node check
// (node-check.mjs) holds this count to the engine's on thousands of hands.
"use strict";

(function () {
  const WORDS = globalThis.CC_WORDS;
  const DATA = globalThis.CC_DATA;
  const RANKS = "A23456789TJQK";
  const SUITS = "CDHS";
  const SYMBOLS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };

  function card(code) {
    const rank = RANKS.indexOf(code[0]) + 1;
    const suit = code[1];
    const label = rank === 1 ? "A" : rank === 10 ? "10" : rank > 10 ? code[0] : String(rank);
    return { code, rank, suit, value: Math.min(rank, 10), label, text: label + SYMBOLS[suit], order: rank * 4 + SUITS.indexOf(suit) };
  }

  function* combinations(items, size, start = 0, chosen = []) {
    if (chosen.length === size) { yield chosen.slice(); return; }
    for (let i = start; i < items.length; i++) {
      chosen.push(items[i]);
      yield* combinations(items, size, i + 1, chosen);
      chosen.pop();
    }
  }

  function* product(lists, at = 0, chosen = []) {
    if (at === lists.length) { yield chosen.slice(); return; }
    for (const item of lists[at]) {
      chosen.push(item);
      yield* product(lists, at + 1, chosen);
      chosen.pop();
    }
  }

  const PAIR_KINDS = { 2: "pair", 3: "pair royal", 4: "double pair royal" };

  // The engine's score_hand and HandScore.groups(): [{kind, cards, points}] in the order counted.
  function scoreGroups(hand, starter, crib) {
    const five = [...hand, starter];
    const items = [];
    for (let size = 2; size <= 5; size++) {
      for (const combo of combinations(five, size)) {
        if (combo.reduce((sum, c) => sum + c.value, 0) === 15) items.push({ kind: "fifteen", cards: combo, points: 2 });
      }
    }
    for (const [a, b] of combinations(five, 2)) {
      if (a.rank === b.rank) items.push({ kind: "pair", cards: [a, b], points: 2 });
    }
    const byRank = new Map();
    for (const c of [...five].sort((a, b) => a.order - b.order)) {
      if (!byRank.has(c.rank)) byRank.set(c.rank, []);
      byRank.get(c.rank).push(c);
    }
    const present = [...byRank.keys()].sort((a, b) => a - b);
    let start = 0;
    for (let i = 1; i <= present.length; i++) {
      if (i === present.length || present[i] !== present[i - 1] + 1) {
        const length = i - start;
        if (length >= 3) {
          const lists = present.slice(start, i).map((r) => byRank.get(r));
          for (const combo of product(lists)) items.push({ kind: "run", cards: combo, points: length });
        }
        start = i;
      }
    }
    const suit = hand[0].suit;
    if (hand.every((c) => c.suit === suit)) {
      if (starter.suit === suit) items.push({ kind: "flush", cards: five, points: 5 });
      else if (!crib) items.push({ kind: "flush", cards: hand, points: 4 });
    }
    for (const c of hand) {
      if (c.rank === 11 && c.suit === starter.suit) items.push({ kind: "nobs", cards: [c], points: 1 });
    }
    const groups = [];
    const done = new Set();
    for (const item of items) {
      if (item.kind === "pair") {
        const rank = item.cards[0].rank;
        if (done.has(rank)) continue;
        done.add(rank);
        const same = five.filter((c) => c.rank === rank);
        groups.push({ kind: PAIR_KINDS[same.length], cards: same, points: same.length * (same.length - 1) });
      } else {
        groups.push(item);
      }
    }
    return groups;
  }

  // In node (node-check.mjs) the count alone is wanted: no page, no words.
  if (typeof document === "undefined") {
    globalThis.CCScore = { card, scoreGroups };
    return;
  }
  const SLOT = DATA.slot;

  // The page's language: the link's lang= when the course speaks it (as the calculator reads it).
  function linkLanguage(search) {
    if (search.length > 201) return "en";
    const asked = (new URLSearchParams(search).get("lang") || "").trim().toLowerCase();
    return DATA.languages.includes(asked) ? asked : "en";
  }

  // A link exactly as the calculator writes it, or null (left to the live calculator).
  function readLink(search) {
    const text = search.replace(/^\?/, "");
    if (!text || text.length > 200) return null;
    const fields = {};
    for (const part of text.split("&")) {
      const at = part.indexOf("=");
      if (at < 0) return null;
      const key = part.slice(0, at);
      if (!["hand", "starter", "crib", "lang"].includes(key) || key in fields) return null;
      fields[key] = part.slice(at + 1);
    }
    const code = "[A2-9TJQK][CDHS]";
    if (!new RegExp(`^(${code}){4}$`).test(fields.hand || "")) return null;
    if (!new RegExp(`^${code}$`).test(fields.starter || "")) return null;
    if ("crib" in fields && !["0", "1"].includes(fields.crib)) return null;
    if ("lang" in fields && !DATA.languages.includes(fields.lang)) return null;
    const hand = fields.hand.match(/../g).map(card);
    const starter = card(fields.starter);
    if (new Set([...hand, starter].map((c) => c.code)).size !== 5) return null;
    return { hand, starter, crib: fields.crib === "1", lang: fields.lang || "en" };
  }

  // The state the live calculator (calculator_entry.Page.state) would give for this link, less what
  // only Python says (the count said aloud).
  function firstState(link, language) {
    const words = WORDS[language];
    const groups = scoreGroups(link.hand, link.starter, link.crib);
    const total = groups.reduce((sum, g) => sum + g.points, 0);
    const kind = link.crib ? "crib" : "hand";
    const code = link.hand.map((c) => c.code).join("") + "/" + link.starter.code + (link.crib ? "/crib" : "");
    let query = `hand=${link.hand.map((c) => c.code).join("")}&starter=${link.starter.code}&crib=${link.crib ? 1 : 0}`;
    if (language !== "en") query += `&lang=${language}`;
    return {
      language, scored: true, crib: link.crib, first: true,
      hand: link.hand.map((c) => c.code), starter: link.starter.code,
      message: { text: words["calc.loaded"].replace(SLOT, code), kind: "ok" },
      stale: "", spoken: "", total: words.totals[kind][total],
      items: groups.map((g) => ({
        text: words.items[`${g.kind}|${g.cards.length}`].replace(SLOT, g.cards.map((c) => c.text).join(" ")),
        cards: g.cards.map((c) => c.code), points: g.points,
      })),
      standing: words.standing[kind][total], code, query,
    };
  }

  // Drawing, shared with the live calculator ----------------------------------------------------
  const $ = (id) => document.getElementById(id);

  function element(tag, attributes = {}, text = "") {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    if (text) node.textContent = text;
    return node;
  }

  // As widgets/blocks/cards.py card_html: rank and suit top left, a big pip, the code bottom right.
  function cardNode(code, words, highlight) {
    const c = card(code);
    const colour = c.suit === "H" || c.suit === "D" ? "cc-red" : "cc-black";
    const node = element("span", { class: `cc-card ${colour}${highlight ? " cc-hi" : ""}`, role: "img",
      "aria-label": words.cards[code], title: words.cards[code], "data-card": code });
    node.append(element("span", { class: "cc-idx" }, c.text),
      element("span", { class: "cc-pip", "aria-hidden": "true" }, SYMBOLS[c.suit]),
      element("span", { class: "cc-idx-b", "aria-hidden": "true" }, code));
    return node;
  }

  function slot(inner, label) {
    const node = element("span", { class: "cc-slot" });
    node.append(inner);
    if (label) node.append(element("span", { class: "cc-slot-label" }, label));
    return node;
  }

  function drawRow(state, highlight = new Set()) {
    const words = WORDS[state.language];
    const row = element("div", { class: "cc-row" });
    for (const code of state.hand) row.append(slot(cardNode(code, words, highlight.has(code))));
    for (let i = state.hand.length; i < 4; i++) row.append(element("span", { class: "cc-card cc-empty", "aria-hidden": "true" }));
    row.append(element("span", { class: "cc-gap" }));
    const starter = state.starter ? cardNode(state.starter, words, highlight.has(state.starter))
      : element("span", { class: "cc-card cc-empty", "aria-hidden": "true" });
    row.append(slot(starter, words["card.starter"]));
    $("cc-row").replaceChildren(row);
  }

  function drawMessage(state) {
    const { text, kind } = state.message;
    $("cc-message").replaceChildren(...(text ? [element("div", { class: `cc-msg cc-msg-${kind}` }, text)] : []));
    $("cc-stale").replaceChildren(...(state.stale ? [element("div", { class: "cc-msg cc-msg-info" }, state.stale)] : []));
    const words = WORDS[state.language];
    if (state.crib) {
      const badge = element("div", { class: "cc-text", role: "note" });
      badge.append(element("strong", { class: "cc-badge" }, words["calc.crib_badge"]), words["calc.crib_rule"]);
      $("cc-badge").replaceChildren(badge);
    } else {
      $("cc-badge").replaceChildren();
    }
  }

  // ``itemNode(item, index)`` makes each item (plain text at first, a button once live).
  function drawResults(state, itemNode) {
    const words = WORDS[state.language];
    $("cc-total").textContent = state.total;
    $("cc-spoken").textContent = state.spoken;
    const title = $("cc-items-title");
    if (!state.scored) title.replaceChildren();
    else if (state.items.length) {
      title.replaceChildren(element("div", { class: "cc-text" }, words["calc.items"]),
        element("div", { class: "cc-text cc-needs-controls" }, words["calc.items_click"]));
    } else title.replaceChildren(element("div", { class: "cc-text" }, words["item.none"]));
    $("cc-items").replaceChildren(...state.items.map(itemNode));
    $("cc-standing").textContent = state.standing;
    const link = $("cc-link");
    if (state.scored) {
      const address = location.origin + location.pathname + "?" + state.query;
      const anchor = element("a", { class: "cc-code", href: address, id: "cc-link-address" }, address);
      link.replaceChildren(words["calc.link"] + ": ", anchor);
    } else link.replaceChildren();
  }

  function drawStatic(language) {
    const words = WORDS[language];
    document.documentElement.lang = language;
    document.title = words["app.title"];
    $("cc-title").textContent = words["calc.title"];
    $("cc-help").textContent = words["calc.help"];
    $("cc-controls-loading").textContent = words["calc.controls_loading"];
    $("cc-share-help").textContent = words["calc.share_help"];
  }

  const language = linkLanguage(location.search);
  drawStatic(language);
  const link = readLink(location.search);
  const state = link ? firstState(link, language) : {
    language, scored: false, crib: false, hand: [], starter: null, message: { text: "", kind: "info" },
    stale: "", spoken: "", items: [], standing: "", code: "", query: "", total: WORDS[language]["calc.need5"],
  };
  if (!link && location.search.replace(/^\?/, "") && !/^lang=[a-z]*$/.test(location.search.slice(1))) {
    // A link this script does not read: the live calculator reads it and says why if it is wrong.
    state.total = "";
  }
  drawMessage(state);
  drawRow(state);
  drawResults(state, (item) => element("div", { class: "cc-text cc-item-text" }, item.text));
  document.body.dataset.firstPaint = link ? "scored" : "empty";
  document.body.dataset.firstPaintAt = String(Math.round(performance.timeOrigin + performance.now()));

  globalThis.CCPage = { WORDS, DATA, SYMBOLS, card, element, drawRow, drawMessage, drawResults, language, scoreGroups, readLink, firstState };
})();
