"""Store the checked outputs of the lesson notebooks: ``python tests/course_outputs.py [NOTEBOOK...]``.

Cells tagged ``nbval-check-output`` (in the cell's metadata, so the learner sees no marker) keep
their printed output in the ``.ipynb``, and nbval fails when a run prints something else; every
other cell is stored empty. After changing what a lesson
prints on purpose, run this (from the repository's root, with the project's Python) and review the
diff. Each notebook is run twice on fresh kernels, and refused if the two runs print differently.
It prints the seconds each Run All took.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

COURSE = Path(__file__).resolve().parents[1] / "course"
TAG = "nbval-check-output"


def checked(cell: dict) -> bool:
    return cell["cell_type"] == "code" and TAG in cell.get("metadata", {}).get("tags", [])


def run(path: Path) -> tuple[list, float]:
    """The notebook's cells after a Run All on a fresh kernel, and its seconds."""
    # Imported here: the fast tests read checked() and COURSE, and nbformat's import (jsonschema's
    # format checkers build a grammar) would cost each of their processes a second of CPU.
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(COURSE)}}
                   ).execute()
    return notebook.cells, time.perf_counter() - start


def printed(outputs: list) -> list[dict]:
    """The outputs with consecutive pieces of one stream joined, as nbval compares them (a busy
    kernel may send one print in two pieces)."""
    joined: list[dict] = []
    for out in outputs:
        out = dict(out)
        if joined and out["output_type"] == "stream" and joined[-1].get("name") == out.get("name"):
            joined[-1]["text"] += out["text"]
        else:
            joined.append(out)
    return joined


def store(path: Path) -> float:
    first, seconds = run(path)
    second, _ = run(path)
    raw = json.loads(path.read_text(encoding="utf-8"))
    for index, cell in enumerate(raw["cells"]):
        if cell["cell_type"] != "code":
            continue
        cell["execution_count"] = None
        cell["outputs"] = []
        if not checked(cell):
            continue
        outputs = printed(first[index].outputs)
        if outputs != printed(second[index].outputs):
            raise SystemExit(f"{path.name} cell {index}: two runs printed differently; do not check it")
        if any(out["output_type"] != "stream" for out in outputs):
            raise SystemExit(f"{path.name} cell {index}: only printed text may be checked")
        cell["outputs"] = [{"name": out["name"], "output_type": "stream", "text": out["text"]} for out in outputs]
        # nbval compares only cells whose reference has run, which it knows by an execution count.
        cell["execution_count"] = first[index].execution_count
    path.write_text(json.dumps(raw, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return seconds


def main(names: list[str]) -> None:
    paths = [COURSE / name for name in names] if names else sorted(COURSE.glob("0*.ipynb"))
    for path in paths:
        print(f"{path.name}: Run All took {store(path):.1f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
