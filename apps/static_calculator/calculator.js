// The live calculator: Pyodide (from this site's own pyodide/ folder) runs the project's wheel, and
// calculator_entry.py answers every action with the state to draw. This script only draws and
// listens; every word it shows comes from Python or from page-data.js (the catalogue).
"use strict";

(function () {
  const P = globalThis.CCPage;
  const { WORDS, DATA, SYMBOLS, element } = P;
  const $ = (id) => document.getElementById(id);
  const SUIT_ROWS = ["S", "H", "D", "C"]; // as the Voilà calculator's deck (widgets/blocks/cards.py DeckPicker)
  const RANK_CODES = "A23456789TJQK";
  let entry = null; // the Python module, once loaded
  let state = null;
  let selectedItem = null;

  // A second visit (and an offline one) starts from the service worker's cache. On a first visit,
  // Pyodide is fetched once the worker controls the page (a moment), so that it is kept. On a later
  // one the worker already controls the page: its update check (sw.js asked of the server) runs
  // beside Python's start instead of before it.
  async function serviceWorker() {
    if (!("serviceWorker" in navigator)) return;
    if (navigator.serviceWorker.controller) {
      navigator.serviceWorker.register("sw.js").catch((error) => console.warn(error));
      return;
    }
    try {
      await navigator.serviceWorker.register("sw.js");
      if (navigator.serviceWorker.controller) return;
      await Promise.race([
        new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true })),
        new Promise((resolve) => setTimeout(resolve, 3000)),
      ]);
    } catch (error) {
      console.warn(error); // no worker (a plain http:// host that is not localhost): no cache, still works
    }
  }

  // How long each step of going live took (ms), kept on the page for the benchmark to read.
  const phases = {};
  let phaseStart = 0; // the navigation's start: the first phase is the page's own loading
  function phase(name) {
    const now = performance.now();
    phases[name] = Math.round(now - phaseStart);
    phaseStart = now;
  }

  async function download(address, read) {
    const response = await fetch(address);
    if (!response.ok) throw new Error(`${address}: ${response.status}`);
    return read(response);
  }

  async function startPython() {
    // The wheels and the page's module download while Pyodide starts, not after.
    const wheels = DATA.wheels.map((wheel) => download("wheels/" + wheel, (response) => response.arrayBuffer()));
    const source = download("calculator_entry.py?v=" + $("calculator").dataset.version, (response) => response.text());
    wheels.concat(source).forEach((promise) => promise.catch(() => {})); // awaited below; no unhandled rejection before
    const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
    phase("pyodide");
    for (const wheel of wheels) pyodide.unpackArchive(await wheel, "wheel");
    pyodide.FS.mkdirTree("/home/pyodide/app");
    pyodide.FS.writeFile("/home/pyodide/app/calculator_entry.py", await source);
    phase("wheels");
    pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/app')");
    const module = pyodide.pyimport("calculator_entry");
    phase("imports");
    return module;
  }

  function act(action, argument) {
    draw(JSON.parse(argument === undefined ? entry.act(action) : entry.act(action, argument)));
  }

  // The 52 buttons, a row per suit: rank and suit symbol, and the card's code in letters below
  // (never colour alone); each named in words for a screen reader, and pressed or not.
  function makePicker(language) {
    const words = WORDS[language];
    const picker = $("cc-picker");
    picker.setAttribute("aria-label", words["calc.help"]);
    const rows = SUIT_ROWS.map((suit) => {
      const row = element("div", { class: "cc-suit-row" });
      for (const rank of RANK_CODES) {
        const code = rank + suit;
        const c = P.card(code);
        const colour = suit === "H" || suit === "D" ? "cc-red" : "cc-black";
        const button = element("button", { type: "button", class: `jupyter-widgets jupyter-button cc-cardbtn cc-small ${colour}`,
          "data-card": code, "aria-pressed": "false", "aria-label": words.cards[code], title: words.cards[code] });
        button.append(element("span", { "aria-hidden": "true" }, c.label + SYMBOLS[suit]),
          element("span", { class: "cc-letters", "aria-hidden": "true" }, code));
        button.addEventListener("click", () => act("pick", code));
        row.append(button);
      }
      return row;
    });
    picker.replaceChildren(...rows);
  }

  function drawPicker() {
    const words = WORDS[state.language];
    const chosen = new Set([...state.hand, ...(state.starter ? [state.starter] : [])]);
    for (const button of $("cc-picker").querySelectorAll("button[data-card]")) {
      const on = chosen.has(button.dataset.card);
      button.classList.toggle("cc-selected", on);
      button.setAttribute("aria-pressed", String(on));
      const name = words.cards[button.dataset.card];
      button.setAttribute("aria-label", on ? `${name} (${words["card.selected"]})` : name);
    }
  }

  function itemButton(item, index) {
    const button = element("button", { type: "button", class: "cc-item", "aria-pressed": "false", "data-index": String(index) }, item.text);
    button.addEventListener("click", () => {
      selectedItem = selectedItem === index ? null : index;
      drawSelection();
    });
    return button;
  }

  function drawSelection() {
    const item = selectedItem === null ? null : state.items[selectedItem];
    for (const button of $("cc-items").querySelectorAll("button")) {
      button.setAttribute("aria-pressed", String(Number(button.dataset.index) === selectedItem));
    }
    P.drawRow(state, new Set(item ? item.cards : []));
  }

  function draw(next) {
    state = next;
    selectedItem = null;
    P.drawMessage(state);
    P.drawResults(state, itemButton);
    drawSelection();
    drawPicker();
    $("cc-crib").checked = state.crib;
    $("cc-code").value = state.code;
  }

  function goLive(language) {
    const words = WORDS[language];
    makePicker(language);
    $("cc-cards-label").textContent = words["calc.type"];
    $("cc-cards").placeholder = words["calc.placeholder"];
    $("cc-score").textContent = words["calc.score"];
    $("cc-clear").textContent = words["calc.clear"];
    $("cc-crib-label").textContent = words["calc.crib"];
    $("cc-code-label").textContent = words["calc.code"];
    $("cc-load").textContent = words["calc.load"];
    $("cc-score").addEventListener("click", () => act("type_cards", $("cc-cards").value));
    $("cc-cards").addEventListener("keydown", (event) => { if (event.key === "Enter") act("type_cards", $("cc-cards").value); });
    $("cc-clear").addEventListener("click", () => act("clear"));
    $("cc-crib").addEventListener("change", () => act("set_crib", $("cc-crib").checked));
    $("cc-load").addEventListener("click", () => act("load_code", $("cc-code").value));
    $("cc-code").addEventListener("keydown", (event) => { if (event.key === "Enter") act("load_code", $("cc-code").value); });
    for (const node of document.querySelectorAll(".cc-controls")) node.hidden = false;
    $("cc-controls-loading").hidden = true;
    $("calculator").classList.add("cc-live");
  }

  async function main() {
    const started = performance.now();
    phase("page");
    try {
      await serviceWorker();
      phase("worker");
      entry = await startPython();
      const first = JSON.parse(entry.start(location.search, JSON.stringify(DATA.distribution)));
      goLive(first.language);
      draw(first);
      phase("first_state");
      document.body.dataset.phases = JSON.stringify(phases);
      document.body.dataset.live = "1";
      document.body.dataset.liveMs = String(Math.round(performance.now() - started));
      document.body.dataset.liveAt = String(Math.round(performance.timeOrigin + performance.now()));
    } catch (error) {
      console.error(error);
      const words = WORDS[P.language];
      $("cc-controls-loading").replaceChildren(element("div", { class: "cc-msg cc-msg-error", role: "alert" },
        words["static.load_failed"].replace(DATA.slot, String(error && error.message || error))));
      document.body.dataset.live = "failed";
    }
  }

  main();
})();
