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

  // Python's start, saved: after a visit has gone live the page keeps a snapshot of its interpreter
  // (Pyodide's memory, with the engine imported and a hand counted) in the site's cache, beside what
  // the service worker keeps, under the build's version. A later visit restores it instead of
  // starting Python and importing the engine again: most of the time a warm visit took. A snapshot
  // that cannot be read or restored (another Pyodide, a damaged cache) is dropped and Python
  // starts as on a first visit. Without the Cache API (a plain http:// host that is not this
  // machine) there is no snapshot: every visit starts Python.
  const VERSION = $("calculator").dataset.version;
  const CACHE = "cc-static-calculator-" + VERSION; // the service worker's (sw.js): dropped with its build
  const SNAPSHOT = new URL("python-snapshot.bin?v=" + VERSION, location.href).href;

  async function cache() {
    return globalThis.caches ? caches.open(CACHE) : null;
  }

  // Pyodide's snapshot (its makeMemorySnapshot, 0.29): a header whose first word is this number and
  // whose second is the header's length, then the interpreter's memory, whole WebAssembly pages.
  // Pyodide itself checks its build's id; a snapshot cut short or overwritten would make it stop
  // without an error, so the page checks the rest before handing it over.
  const SNAPSHOT_MAGIC = 1886286592;
  const WASM_PAGE = 65536;

  function checked(buffer) {
    const words = buffer.byteLength >= 48 ? new Uint32Array(buffer, 0, 2) : null;
    const memory = words ? buffer.byteLength - words[1] : 0;
    if (!words || words[0] !== SNAPSHOT_MAGIC || memory <= 0 || memory % WASM_PAGE !== 0) {
      throw new Error("the kept snapshot of Python is damaged");
    }
    return new Uint8Array(buffer);
  }

  // The kept snapshot, or null: its bytes as a promise, read (and checked) while Pyodide's script and
  // WebAssembly load.
  async function keptSnapshot() {
    try {
      const kept = await (await cache())?.match(SNAPSHOT);
      return kept ? { bytes: kept.arrayBuffer().then(checked) } : null;
    } catch (error) {
      console.warn(error);
      return null;
    }
  }

  async function keepSnapshot(pyodide) {
    try {
      const store = await cache();
      if (!store || await store.match(SNAPSHOT)) return;
      const snapshot = pyodide.makeMemorySnapshot();
      await store.put(SNAPSHOT, new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }));
      document.body.dataset.snapshotKept = "1";
    } catch (error) {
      console.warn(error); // no snapshot: the next visit starts Python as this one did
      document.body.dataset.snapshotKept = "failed";
    }
  }

  async function forgetSnapshot() {
    try {
      await (await cache())?.delete(SNAPSHOT);
    } catch (error) {
      console.warn(error);
    }
  }

  // The files of a zip archive written as the build writes the wheels (stored, not compressed) into
  // ``folder`` of Pyodide's file system: a few hundred files copied, where unpacking them with
  // Python's zipfile took the page most of a second.
  function unpackStored(FS, bytes, folder) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let end = bytes.length - 22; // the end of the central directory (no archive comment)
    while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
    if (end < 0) throw new Error("not a zip archive");
    const decoder = new TextDecoder();
    let at = view.getUint32(end + 16, true);
    for (let n = view.getUint16(end + 10, true); n > 0; n--) {
      if (view.getUint32(at, true) !== 0x02014b50) throw new Error("a damaged zip archive");
      const method = view.getUint16(at + 10, true);
      const size = view.getUint32(at + 20, true);
      const nameLength = view.getUint16(at + 28, true);
      const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
      const local = view.getUint32(at + 42, true);
      const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
      at += 46 + skip;
      if (name.endsWith("/")) continue;
      if (method !== 0 || name.split("/").includes("..") || name.startsWith("/")) throw new Error(`${name}: not a stored file of the page's archive`);
      const data = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      const path = folder + "/" + name;
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      FS.writeFile(path, bytes.subarray(data, data + size));
    }
  }

  const APP = "/home/pyodide/app"; // the page's own module

  async function startPython() {
    // The wheels and the page's module download (or come from the cache) while Pyodide starts.
    const wheels = DATA.wheels.map((wheel) => download("wheels/" + wheel, (response) => response.arrayBuffer()));
    const source = download("calculator_entry.py?v=" + VERSION, (response) => response.text());
    wheels.concat(source).forEach((promise) => promise.catch(() => {})); // awaited below; no unhandled rejection before
    let sitePackages = null;
    const fsInit = async (FS, info) => { sitePackages = info.sitePackages; };
    const indexURL = new URL("pyodide/", location.href).href;
    const snapshot = await keptSnapshot();
    let pyodide = null;
    if (snapshot) {
      try {
        pyodide = await loadPyodide({ indexURL, fsInit, _loadSnapshot: snapshot.bytes });
      } catch (error) {
        console.warn(error);
        await forgetSnapshot();
      }
    }
    const restored = pyodide !== null;
    if (!restored) pyodide = await loadPyodide({ indexURL, fsInit, _makeSnapshot: true });
    document.body.dataset.python = restored ? "restored" : "started";
    phase("pyodide");
    // The files, on every start (once Python has started: its start lists the packages it finds): a
    // restored interpreter has its modules but not its file system, and the catalogues and Babel's
    // locale data are read from files when a word is first said.
    for (const wheel of wheels) unpackStored(pyodide.FS, new Uint8Array(await wheel), sitePackages);
    pyodide.FS.mkdirTree(APP);
    pyodide.FS.writeFile(APP + "/calculator_entry.py", await source);
    phase("wheels");
    if (!restored) pyodide.runPython(`import sys; sys.path.insert(0, '${APP}')`);
    const module = pyodide.pyimport("calculator_entry");
    phase("imports");
    return { pyodide, module, restored };
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
      const python = await startPython();
      entry = python.module;
      const first = JSON.parse(entry.start(location.search, JSON.stringify(DATA.distribution)));
      goLive(first.language);
      draw(first);
      phase("first_state");
      document.body.dataset.phases = JSON.stringify(phases);
      document.body.dataset.live = "1";
      document.body.dataset.liveMs = String(Math.round(performance.now() - started));
      document.body.dataset.liveAt = String(Math.round(performance.timeOrigin + performance.now()));
      // Once live, and only then: the snapshot costs this visit a copy of Python's memory.
      if (!python.restored) setTimeout(() => keepSnapshot(python.pyodide), 0);
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
