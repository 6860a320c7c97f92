"""The learner's own copy of the course (cribbage.lessons, ``cribbage course``, the launcher's copy mode).

The copy and update logic runs on a throw-away course (a copy of the repository's ``course/``, which a
test then changes as a newer course version would), so the repository's notebooks are only read; the
test of the real course checks they stay byte for byte as they were.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from cribbage.cli.main import main
from cribbage.lessons import (
    RETURN_CELL_ID,
    CopyError,
    CopyState,
    course_files,
    default_folder,
    inspect,
    learner_copy,
    make_copy,
    return_note,
    source,
    strip_widget_views,
    update_copy,
    with_return_note,
)
from cribbage.lessons.notebooks import WIDGET_VIEW, WORKSPACES
from cribbage.registry import stops

ROOT = Path(__file__).resolve().parents[1]
COURSE = ROOT / "course"


def _name(number: int, language: str) -> str:
    """Stop ``number``'s notebook in ``language``'s lessons, and in a copy of them: 03_recuento.ipynb."""
    return stops.stop(number).notebook_in(language)


def _digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _nb(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _save(path: Path, notebook: dict) -> None:
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _source(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def _cell(notebook: dict, cell_id: str) -> dict:
    return next(cell for cell in notebook["cells"] if cell.get("id") == cell_id)


@pytest.fixture
def course(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A course folder of our own (English, Spanish, Portuguese), which the tests may change."""
    folder = tmp_path / "shipped"
    shutil.copytree(COURSE, folder, ignore=shutil.ignore_patterns("locale", ".ipynb_checkpoints", "__pycache__"))
    monkeypatch.setattr(source, "lessons_folder", lambda: folder)
    return folder


def test_a_new_copy_holds_the_lessons_in_the_language_as_the_course_has_them(course: Path, tmp_path: Path) -> None:
    """No "coming back" note greets a first visit: the copy's lessons are the course's, the note comes
    with the first save of a lesson that ran (see the saving test below)."""
    copy = tmp_path / "mine"
    assert inspect(copy, "es") is CopyState.NEW
    report = make_copy(copy, "es")
    names = list(course_files("es"))
    assert report.state is CopyState.NEW and list(report.added) == names and report.updated == ()
    assert names == [*(stop.notebook_in("es") for stop in stops.STOPS), "rules.md"]
    assert sorted(p.name for p in copy.iterdir()) == sorted([*names, learner_copy.RECORD])
    for name in names:
        shipped = course / "es" / name
        if name.endswith(".ipynb"):
            mine, theirs = _nb(copy / name), _nb(shipped)
            assert all(c["id"] != RETURN_CELL_ID and "¿Vuelves" not in _source(c) for c in mine["cells"])
            assert [(c["id"], _source(c)) for c in mine["cells"]] == [(c["id"], _source(c)) for c in theirs["cells"]]
            assert mine["metadata"] == theirs["metadata"]
        else:
            assert (copy / name).read_bytes() == shipped.read_bytes()
    assert inspect(copy, "es") is CopyState.CURRENT


def test_copying_the_real_course_only_reads_the_repository(tmp_path: Path) -> None:
    before = _digest(COURSE)
    make_copy(tmp_path / "es", "es")
    make_copy(tmp_path / "en", "en")
    assert _digest(COURSE) == before
    assert _nb(tmp_path / "en" / "03_the_show.ipynb")["cells"][0]["id"] != RETURN_CELL_ID
    assert (tmp_path / "en" / "rules.md").read_bytes() == (COURSE / "rules.md").read_bytes()


def test_the_note_names_what_jupyterlab_shows_in_each_language() -> None:
    """The note shows the ▶▶ button and names the dialog's button as the course's JupyterLab language packs
    (machinery/langpacks) do; it names no command in English."""
    from machinery.langpacks.build import LOCALES, translate

    for language, locale in LOCALES.items():
        note = return_note(language)
        shown = translate(locale, "Restart")
        assert shown and shown != "Restart" and f"*{shown}*" in note, (language, shown)
        assert "▶▶" in note and "Restart" not in note and "run all" not in note.lower(), note
    assert "*Restart*" in return_note("en")


def test_the_default_folder_is_in_the_documents_folder_else_the_data_folder(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    for variable in ("XDG_DOCUMENTS_DIR", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(variable, raising=False)
    assert default_folder("pt") == tmp_path / ".local" / "share" / "cribbage-course" / "course" / "pt"
    (tmp_path / "Documents").mkdir()
    assert default_folder("pt") == tmp_path / "Documents" / "cribbage-course" / "pt"
    with pytest.raises(ValueError, match="language must be one of"):
        default_folder("fr")


def test_a_lesson_the_learner_deleted_is_put_back_and_their_work_is_left_alone(course: Path, tmp_path: Path) -> None:
    copy = tmp_path / "mine"
    make_copy(copy, "pt")
    (copy / _name(2, "pt")).unlink()
    mine = _nb(copy / _name(3, "pt"))
    mine["cells"][3]["source"] = "my_total = 12\n"
    _save(copy / _name(3, "pt"), mine)
    worked = (copy / _name(3, "pt")).read_bytes()
    report = make_copy(copy, "pt")
    assert report.state is CopyState.CURRENT and report.added == (_name(2, "pt"),)
    assert (copy / _name(3, "pt")).read_bytes() == worked
    assert make_copy(copy, "pt").added == ()


def test_folders_that_cannot_take_the_course_are_refused_untouched(course: Path, tmp_path: Path) -> None:
    someone = tmp_path / "someone"
    someone.mkdir()
    (someone / "03_the_show.ipynb").write_text("my own notebook")
    with pytest.raises(CopyError, match=r"already holds 03_the_show\.ipynb but no record"):
        make_copy(someone, "es")
    assert [p.name for p in someone.iterdir()] == ["03_the_show.ipynb"]

    spanish = tmp_path / "spanish"
    make_copy(spanish, "es")
    with pytest.raises(CopyError, match=r"in another language \(es\)"):
        inspect(spanish, "pt")

    damaged = tmp_path / "damaged"
    damaged.mkdir()
    (damaged / learner_copy.RECORD).write_text("{not json")
    with pytest.raises(CopyError, match="cannot be read"):
        inspect(damaged, "es")

    a_file = tmp_path / "a-file"
    a_file.write_text("")
    with pytest.raises(CopyError, match="is not a folder"):
        make_copy(a_file, "es")


def test_a_folder_that_cannot_be_written_is_named_in_the_error(course: Path, tmp_path: Path) -> None:
    # Under a file, no folder can be made, whoever runs the test (root writes in read-only folders).
    (tmp_path / "a-file").write_text("")
    with pytest.raises(CopyError, match=r"cannot write the course into .*a-file/course \(.*\): choose a folder"):
        make_copy(tmp_path / "a-file" / "course", "es")


def _new_stop(monkeypatch: pytest.MonkeyPatch, course: Path, like: str) -> None:
    """A newer course's new stop, ``<NN>_more``: its entry in the list of stops, and its Spanish notebook
    (a copy of the notebook ``like``), under its English name (it has no Spanish one yet)."""
    new = stops.Stop(len(stops.STOPS), "more", "statistics")
    monkeypatch.setattr(stops, "STOPS", (*stops.STOPS, new))
    shutil.copy(course / "es" / like, course / "es" / new.notebook)


def _newer_course(course: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a newer course version changes: one cell of stop 3 (the pairs question), stop 1's title
    cell, the rules page; and a new stop."""
    show = _nb(course / "es" / _name(3, "es"))
    _cell(show, "c13")["source"] = 'pairs = HandQuestion("9C 9D 9H 4S", "4D", count="pairs")\npairs  # nuevo\n'
    _cell(show, "c14")["source"] = "my_pairs = ...   # puntos en parejas (nueva pregunta)\npairs.check(my_pairs)"
    _save(course / "es" / _name(3, "es"), show)
    play = _nb(course / "es" / _name(2, "es"))
    play["cells"][0]["source"] = _source(play["cells"][0]) + "\n\nNuevo párrafo."
    _save(course / "es" / _name(2, "es"), play)
    (course / "es" / "rules.md").write_text((course / "es" / "rules.md").read_text() + "\nUna regla más.\n")
    _new_stop(monkeypatch, course, stops.STOPS[-1].notebook_in("es"))


def test_an_update_brings_the_newer_lessons_and_loses_nothing_the_learner_typed(
        course: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    progress = tmp_path / "progress"
    progress.mkdir()
    (progress / "learner.progress.sqlite3").write_bytes(b"answers recorded")
    monkeypatch.setenv("CRIBBAGE_PROGRESS", str(progress) + "/")
    copy = tmp_path / "mine"
    make_copy(copy, "es")
    # The learner answers in stop 3 (one question the newer course keeps, one it changes), adds a
    # note of their own, and the saved notebook has outputs; they edit stop 1 and the rules page.
    show = _nb(copy / _name(3, "es"))
    _cell(show, "c09")["source"] = "my_fifteens = 3\nfifteens.check(my_fifteens)"
    _cell(show, "c14")["source"] = "my_pairs = 6\npairs.check(my_pairs)"
    _cell(show, "c09")["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "Correcto"}]
    at = show["cells"].index(_cell(show, "c09"))
    show["cells"].insert(at + 1, {"cell_type": "markdown", "id": "my-note", "metadata": {},
                                  "source": "Mi nota: 6-9 y 5-10 y 5-6-4."})
    _save(copy / _name(3, "es"), with_return_note(show, "es"))     # saved after a run: the note
    learners_show = (copy / _name(3, "es")).read_bytes()
    deal = _nb(copy / _name(1, "es"))
    deal["cells"][-1]["source"] = "Lo que aprendí."
    _save(copy / _name(1, "es"), deal)
    learners_deal = (copy / _name(1, "es")).read_bytes()
    (copy / "rules.md").write_text("mis notas\n" + (copy / "rules.md").read_text())
    learners_rules = (copy / "rules.md").read_bytes()
    untouched = (copy / _name(2, "es")).read_bytes()

    _newer_course(course, monkeypatch)
    assert inspect(copy, "es") is CopyState.OLDER
    with pytest.raises(ValueError, match="update_copy"):
        make_copy(copy, "es")
    report = update_copy(copy, "es", now=__import__("datetime").datetime(2026, 12, 3, 14, 5, 6))

    assert report.state is CopyState.OLDER
    assert report.added == ("09_more.ipynb",)
    assert set(report.updated) == {_name(2, "es"), _name(3, "es"), "rules.md"}
    assert set(report.backed_up) == {_name(3, "es"), "rules.md"}    # 02: the learner had not touched it
    backups = copy / "copias de seguridad" / "2026-12-03 14.05.06"
    assert report.backups == backups
    assert (backups / _name(3, "es")).read_bytes() == learners_show
    assert (backups / "rules.md").read_bytes() == learners_rules
    # Stop 1, which the course did not change, is exactly the learner's.
    assert (copy / _name(1, "es")).read_bytes() == learners_deal
    # Stop 3: the newer lesson, the learner's answer where the course kept the question, their note
    # after the cell it followed; the changed question is the newer one (the old answer is in the backup).
    show = _nb(copy / _name(3, "es"))
    assert show["cells"][0]["id"] == RETURN_CELL_ID and _source(show["cells"][0]) == return_note("es")
    assert RETURN_CELL_ID not in [cell["id"] for cell in _nb(copy / _name(2, "es"))["cells"]]  # never run
    assert _source(_cell(show, "c09")) == "my_fifteens = 3\nfifteens.check(my_fifteens)"
    assert "(nueva pregunta)" in _source(_cell(show, "c14"))
    assert _source(_cell(show, "c13")).endswith("pairs  # nuevo\n")
    ids = [cell["id"] for cell in show["cells"]]
    assert ids[ids.index("c09") + 1] == "my-note"
    assert all(cell.get("outputs", []) == [] for cell in show["cells"])
    assert report.carried == 2
    assert (copy / _name(2, "es")).read_bytes() != untouched
    assert _source(_nb(copy / _name(2, "es"))["cells"][0]).endswith("Nuevo párrafo.")
    assert (copy / "rules.md").read_text().endswith("Una regla más.\n")
    assert (progress / "learner.progress.sqlite3").read_bytes() == b"answers recorded"
    assert sorted(p.name for p in progress.iterdir()) == ["learner.progress.sqlite3"]
    assert inspect(copy, "es") is CopyState.CURRENT

    # A later update still tells the learner's answer (now in the newer lesson) from the course's.
    _new_stop(monkeypatch, course, stops.STOPS[0].notebook_in("es"))
    show_nb = _nb(course / "es" / _name(3, "es"))
    show_nb["cells"][0]["source"] = _source(show_nb["cells"][0]) + "\n\nOtra vez."
    _save(course / "es" / _name(3, "es"), show_nb)
    again = update_copy(copy, "es")
    assert again.updated == (_name(3, "es"),) and again.added == ("10_more.ipynb",)
    assert _source(_cell(_nb(copy / _name(3, "es")), "c09")) == "my_fifteens = 3\nfifteens.check(my_fifteens)"


def _english_named_copy(copy: Path, language: str) -> None:
    """``copy`` as ``make_copy`` made it before the lessons had names in ``language``: every stop's
    notebook under its English name, and the record saying so."""
    record = json.loads((copy / learner_copy.RECORD).read_text())
    for stop in stops.STOPS:
        if stop.notebook_in(language) != stop.notebook:
            (copy / stop.notebook_in(language)).rename(copy / stop.notebook)
            record["files"][stop.notebook] = record["files"].pop(stop.notebook_in(language))
    record["course"] = "an older course"
    (copy / learner_copy.RECORD).write_text(json.dumps(record))


def test_a_copy_made_with_the_english_names_keeps_working_and_is_renamed_by_the_update_with_all_its_work(
        course: Path, tmp_path: Path, launched: list[list[str]], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "mi curso"
    make_copy(copy, "es")
    _english_named_copy(copy, "es")
    show, english_show = _name(3, "es"), stops.stop(3).notebook
    mine = _nb(copy / english_show)
    _cell(mine, "c09")["source"] = "my_fifteens = 3\nfifteens.check(my_fifteens)"
    _save(copy / english_show, with_return_note(mine, "es"))
    checkpoints = copy / ".ipynb_checkpoints"
    checkpoints.mkdir()
    (checkpoints / "03_the_show-checkpoint.ipynb").write_bytes((copy / english_show).read_bytes())
    # JupyterLab's layout of the copy, with stop 3 open: the update renames its tab, else JupyterLab
    # would try to reopen a file no longer there.
    workspace = copy / WORKSPACES / "default-37a8.jupyterlab-workspace"
    workspace.parent.mkdir()
    workspace.write_text(json.dumps({"data": {
        "layout-restorer:data": {"main": {"dock": {"type": "tab-area", "widgets": [f"notebook:{english_show}"]},
                                          "current": f"notebook:{english_show}"}},
        f"notebook:{english_show}": {"data": {"path": english_show, "factory": "Notebook"}}},
        "metadata": {"id": "default"}}))
    assert inspect(copy, "es") is CopyState.OLDER

    # Kept: it opens on its own first stop, and "continue here" leads to the names it has.
    monkeypatch.setenv("COLUMNS", "80")      # a terminal's width: what the command says fits it
    assert main(["course", "--lang", "es", "--dir", str(copy), "--keep"]) == 0
    said = capsys.readouterr().out
    assert "Las lecciones tienen ahora nombres en tu idioma (00_start_here.ipynb → 00_empieza_aqui.ipynb)" in " ".join(said.split())
    assert [line for line in said.splitlines() if "→" in line and len(line) > 80] == [], said
    assert "Abriendo JupyterLab en la primera parada, 00_start_here.ipynb" in said
    from machinery import lab_language
    assert "--LabApp.default_url=/cribbage/open?path=00_start_here.ipynb" in lab_language.course_arguments(copy, "es")
    from cribbage.progress.questions import stop_questions
    assert stop_questions(3)[0].link_in("es", copy) == f"{english_show}#cell-id=c07"
    assert stops.notebook_stop(english_show) is stops.stop(3)     # its answers are still stop 3's

    # Updated: every lesson under its Spanish name, the learner's answer and note in it, nothing left behind.
    assert main(["course", "--lang", "es", "--dir", str(copy), "--update"]) == 0
    said = capsys.readouterr().out
    # One lesson a line, under what was done (eight on one line would be some 400 columns).
    lines = said.splitlines()
    first = lines.index("Se renombraron 8 lecciones con su nombre en tu idioma:")
    assert lines[first + 1:first + 9] == [f"  {stop.notebook} → {stop.notebook_in('es')}" for stop in stops.STOPS
                                          if stop.notebook != stop.notebook_in("es")], said
    assert max(len(line) for line in lines[first:first + 9]) <= 80
    assert "Abriendo JupyterLab en la primera parada, 00_empieza_aqui.ipynb" in said
    assert sorted(p.name for p in copy.glob("*.ipynb")) == sorted(stop.notebook_in("es") for stop in stops.STOPS)
    updated = _nb(copy / show)
    assert _source(_cell(updated, "c09")) == "my_fifteens = 3\nfifteens.check(my_fifteens)"
    assert updated["cells"][0]["id"] == RETURN_CELL_ID
    assert [c["id"] for c in updated["cells"][1:]] == [c["id"] for c in _nb(course / "es" / show)["cells"]]
    assert (checkpoints / "03_recuento-checkpoint.ipynb").is_file()
    assert json.loads(workspace.read_text())["data"] == {
        "layout-restorer:data": {"main": {"dock": {"type": "tab-area", "widgets": [f"notebook:{show}"]},
                                          "current": f"notebook:{show}"}},
        f"notebook:{show}": {"data": {"path": show, "factory": "Notebook"}}}
    assert not (checkpoints / "03_the_show-checkpoint.ipynb").exists()
    assert stop_questions(3)[0].link_in("es", copy) == f"{show}#cell-id=c07"
    assert inspect(copy, "es") is CopyState.CURRENT
    record = json.loads((copy / learner_copy.RECORD).read_text())
    assert english_show not in record["files"] and show in record["files"]
    assert update_copy(copy, "es").renamed == ()


def test_a_lesson_in_the_way_of_a_new_name_is_left_alone(course: Path, tmp_path: Path) -> None:
    copy = tmp_path / "mine"
    make_copy(copy, "pt")
    _english_named_copy(copy, "pt")
    (copy / _name(3, "pt")).write_text("a notebook of my own")
    english = (copy / stops.stop(3).notebook).read_bytes()
    report = update_copy(copy, "pt")
    assert (stops.stop(3).notebook, _name(3, "pt")) not in report.renamed and len(report.renamed) == 7
    assert (copy / stops.stop(3).notebook).read_bytes() == english      # the learner's, as it was
    assert (report.backups / _name(3, "pt")).read_text() == "a notebook of my own"   # kept before the update


def test_an_update_of_a_current_copy_changes_nothing(course: Path, tmp_path: Path) -> None:
    copy = tmp_path / "mine"
    make_copy(copy, "en")
    before = _digest(copy)
    report = update_copy(copy, "en")
    assert report.state is CopyState.CURRENT and report.added == report.updated == ()
    assert _digest(copy) == before


def test_saving_leaves_widget_views_out_and_keeps_everything_else() -> None:
    view = {"output_type": "display_data", "metadata": {},
            "data": {WIDGET_VIEW: {"version_major": 2, "version_minor": 0, "model_id": "abc"},
                     "text/plain": "CardRow(...)"}}
    result = {"output_type": "execute_result", "execution_count": 3, "metadata": {},
              "data": {WIDGET_VIEW: {"model_id": "def"}, "text/plain": "HandQuestion(...)"}}
    text = {"output_type": "stream", "name": "stdout", "text": "fifteen two, fifteen four\n"}
    picture = {"output_type": "display_data", "metadata": {}, "data": {"image/png": "iVBOR", "text/plain": "<Figure>"}}
    notebook = {"cells": [
        {"cell_type": "markdown", "id": "m", "metadata": {}, "source": "# Stop"},
        {"cell_type": "code", "id": "a", "metadata": {}, "execution_count": 3, "source": "my_total = 12",
         "outputs": [view, text, result, picture]}],
        "metadata": {"widgets": {"application/vnd.jupyter.widget-state+json": {"state": {}}}, "kernelspec": {}}}
    model = {"type": "notebook", "content": notebook, "path": "03_the_show.ipynb"}
    strip_widget_views(model, path="03_the_show.ipynb", contents_manager=None)
    assert notebook["cells"][1]["outputs"] == [text, picture]
    assert notebook["cells"][1]["source"] == "my_total = 12"
    assert notebook["metadata"] == {"kernelspec": {}}
    page = {"type": "file", "content": "text with " + WIDGET_VIEW}
    strip_widget_views(page)
    assert page == {"type": "file", "content": "text with " + WIDGET_VIEW}


def test_a_lesson_of_a_copy_saved_after_a_run_gets_the_note_and_no_other(tmp_path: Path) -> None:
    """The note greets a return only: the first save of a lesson that ran (it had widget views) puts it at
    the top, in the copy's language; a lesson saved before it ran, or a notebook outside a copy, gets none."""
    make_copy(tmp_path / "es", "es")
    manager = SimpleNamespace(root_dir=str(tmp_path))
    view = {"output_type": "display_data", "metadata": {}, "data": {WIDGET_VIEW: {"model_id": "a"}}}

    def saved(path: str, ran: bool) -> list[dict]:
        notebook = {"cells": [{"cell_type": "markdown", "id": "m", "metadata": {}, "source": "# Parada 3"},
                              {"cell_type": "code", "id": "c", "metadata": {}, "execution_count": None,
                               "source": "CardRow(...)", "outputs": [view] if ran else []}],
                    "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
        strip_widget_views({"type": "notebook", "content": notebook}, path=path, contents_manager=manager)
        return notebook["cells"]

    first, *rest = saved(f"es/{_name(3, 'es')}", ran=True)
    assert first["id"] == RETURN_CELL_ID and _source(first) == return_note("es") and len(rest) == 2
    assert [c["id"] for c in saved(f"es/{_name(3, 'es')}", ran=False)] == ["m", "c"]
    assert [c["id"] for c in saved("elsewhere.ipynb", ran=True)] == ["m", "c"]


# -- cribbage course ---------------------------------------------------------------------------

@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The launcher's command lines, instead of starting JupyterLab."""
    from cribbage.cli import course as command

    started: list[list[str]] = []
    monkeypatch.setattr(command, "start_lab", started.append)
    return started


def test_the_course_command_makes_the_copy_says_where_and_opens_jupyterlab_on_it(
        course: Path, tmp_path: Path, launched: list[list[str]], capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "mi curso"
    assert main(["course", "--lang", "es", "--dir", str(copy), "--", "--no-browser", "--port=9999"]) == 0
    said = capsys.readouterr().out
    assert f"Tu propia copia del curso está en {copy}" in said
    assert "Abriendo JupyterLab en la primera parada, 00_empieza_aqui.ipynb" in said
    assert launched == [[str(Path(sys.executable).with_name("cribbage-lab")), "--language", "es", "--course", str(copy),
                         "--no-browser", "--port=9999"]]
    assert inspect(copy, "es") is CopyState.CURRENT
    assert main(["course", "--lang", "es", "--dir", str(copy)]) == 0
    assert f"Tu copia del curso está en {copy}." in capsys.readouterr().out


def test_a_missing_launcher_is_said_in_the_learners_language_not_a_traceback(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cribbage.cli import course as command
    from cribbage.lang.messages import use_language

    def missing(file: str, args: list[str]) -> None:
        raise FileNotFoundError(2, "No such file or directory", file)

    monkeypatch.setattr(command.os, "execvp", missing)
    with use_language("es"):
        with pytest.raises(SystemExit) as stopped:
            command.start_lab(["cribbage-lab", "--language", "es"])
        said = str(stopped.value.code)   # what Python prints as the command ends
    assert said.startswith("No se pudo abrir JupyterLab: cribbage-lab: no existe ese archivo ni esa carpeta.")  # not the system's English
    assert "make course" in said


def test_the_course_command_offers_an_update_and_does_what_the_learner_says(
        course: Path, tmp_path: Path, launched: list[list[str]], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "meu curso"
    main(["course", "--lang", "pt", "--dir", str(copy)])
    show = _nb(copy / _name(3, "pt"))
    _cell(show, "c09")["source"] = "my_fifteens = 3\nfifteens.check(my_fifteens)"
    _save(copy / _name(3, "pt"), show)
    newer = _nb(course / "pt" / _name(3, "pt"))
    newer["cells"][0]["source"] = _source(newer["cells"][0]) + "\n\nNovo."
    _save(course / "pt" / _name(3, "pt"), newer)
    capsys.readouterr()

    # No terminal to ask in: kept, and told how to update.
    monkeypatch.setattr(sys, "stdin", open(__import__("os").devnull))  # noqa: SIM115
    assert main(["course", "--lang", "pt", "--dir", str(copy)]) == 0
    said = capsys.readouterr().out
    assert "foi feita por uma versão anterior do curso" in said and "cribbage course --update" in said
    assert inspect(copy, "pt") is CopyState.OLDER
    assert main(["course", "--lang", "pt", "--dir", str(copy), "--keep"]) == 0
    assert inspect(copy, "pt") is CopyState.OLDER

    # Asked in a terminal: "n" keeps it, "s" (sim) updates it.
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    answers = iter(["n", "S"])
    monkeypatch.setattr("builtins.input", lambda question: next(answers))
    main(["course", "--lang", "pt", "--dir", str(copy)])
    assert inspect(copy, "pt") is CopyState.OLDER
    capsys.readouterr()
    assert main(["course", "--lang", "pt", "--dir", str(copy)]) == 0
    said = capsys.readouterr().out
    assert "1 arquivo atualizado para o curso novo:\n  03_contagem.ipynb\n" in said
    assert "1 célula em que você tinha escrito passou para as lições novas." in said
    assert "Seus notebooks, como estavam antes da atualização, estão em" in said
    assert inspect(copy, "pt") is CopyState.CURRENT
    assert len(launched) == 5


def test_the_course_command_updates_without_asking_and_refuses_a_folder_not_its_own(
        course: Path, tmp_path: Path, launched: list[list[str]], capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "course"
    main(["course", "--lang", "en", "--dir", str(copy)])
    (course / "rules.md").write_text((course / "rules.md").read_text() + "\nOne more rule.\n")
    capsys.readouterr()
    assert main(["course", "--lang", "en", "--dir", str(copy), "--update"]) == 0
    assert "Updated 1 file to the newer course:\n  rules.md\n" in capsys.readouterr().out
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "rules.md").write_text("mine")
    launched.clear()
    assert main(["course", "--lang", "en", "--dir", str(theirs)]) == 2
    assert "already holds rules.md but no record of a course copy" in capsys.readouterr().err
    assert launched == [] and (theirs / "rules.md").read_text() == "mine"


def test_only_the_course_command_takes_what_follows_a_double_dash(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["score", "5H", "5D", "6H", "7S", "8C", "--", "--no-browser"])
    assert refused.value.code == 2
    assert "unrecognized arguments: '--no-browser'" in capsys.readouterr().err
    assert main(["score", "5H", "5D", "6H", "7S", "8C"]) == 0
    with pytest.raises(SystemExit) as helped:
        main(["--lang", "es", "course", "--help"])
    assert helped.value.code == 0
    assert "Las opciones después de -- son de JupyterLab" in capsys.readouterr().out


# -- the launcher's copy mode ------------------------------------------------------------------

def test_the_launcher_serves_a_copy_with_its_own_settings_in_the_cache_only(tmp_path: Path) -> None:
    from jupyter_server.utils import import_item

    from machinery import lab_language

    folder = lab_language.config_dir("es", tmp_path / "cache", course=True)
    assert folder == tmp_path / "cache" / "jupyterlab" / "course-es"
    overrides = json.loads((folder / "labconfig" / "default_setting_overrides.json").read_text())
    assert overrides[lab_language.TRANSLATION_PLUGIN] == {"locale": "es_ES"}
    assert overrides["@jupyterlab/notebook-extension:tracker"] == {"kernelShutdown": True}
    assert overrides["@jupyter-widgets/jupyterlab-manager:plugin"] == {"saveState": False}
    server = json.loads((folder / "jupyter_server_config.json").read_text())
    assert server["MappingKernelManager"]["cull_idle_timeout"] > 0 < server["MappingKernelManager"]["cull_interval"]
    assert import_item(server["FileContentsManager"]["pre_save_hook"]) is strip_widget_views
    # The plain launcher (no copy) keeps its own folder, with the language alone.
    plain = lab_language.config_dir("es", tmp_path / "cache")
    assert sorted(str(p.relative_to(plain)) for p in plain.rglob("*") if p.is_file()) == [
        "labconfig/default_setting_overrides.json", "labconfig/page_config.json"]
    # Voilà's preview and the debugger (English in every language, machinery/lab_language.py) are off in a translated
    # JupyterLab, on in an English one.
    disabled = json.loads((plain / "labconfig" / "page_config.json").read_text())["disabledExtensions"]
    assert disabled == {name: True for name in lab_language.UNTRANSLATABLE_EXTENSIONS}
    assert "@voila-dashboards/jupyterlab-preview" in disabled
    english = lab_language.config_dir("en", tmp_path / "cache")
    assert json.loads((english / "labconfig" / "page_config.json").read_text()) == {"disabledExtensions": {}}
    env = lab_language.lab_environment("pt", {"JUPYTER_CONFIG_PATH": "/theirs"}, tmp_path / "cache", course=True)
    assert env["JUPYTER_CONFIG_PATH"].split(":") == [str(tmp_path / "cache" / "jupyterlab" / "course-pt"), "/theirs"]


@pytest.mark.slow
def test_the_copy_opens_on_the_first_stop_with_the_file_browser_collapsed_the_first_time(tmp_path: Path) -> None:
    from machinery import lab_language

    copy = tmp_path / "copy"
    arguments = lab_language.course_arguments(copy)
    assert f"--ServerApp.root_dir={copy}" in arguments
    assert "--LabApp.default_url=/cribbage/open?path=00_start_here.ipynb" in arguments   # machinery/open_page.py
    (workspace,) = (copy / ".jupyterlab-workspaces").iterdir()
    layout = json.loads(workspace.read_text())["data"]["layout-restorer:data"]
    assert layout["left"]["collapsed"] is True
    # The layout the learner leaves is theirs: never written over.
    workspace.write_text(json.dumps({"data": {"layout-restorer:data": {"left": {"collapsed": False}}}}))
    lab_language.course_arguments(copy)
    assert json.loads(workspace.read_text())["data"]["layout-restorer:data"]["left"]["collapsed"] is False
