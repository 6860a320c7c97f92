"""The translators' workflow with Babel's own command, ``pybabel``, run as ``make catalogues`` and
``make check-catalogues`` run it: the committed templates and catalogues are current with the code, and,
on a small package of its own, extract, init, update (a changed English marked fuzzy) and compile, read
back through gettext; setup.py compiles the catalogues as pybabel does. The catalogues' contents are
tests/test_catalogue_i18n.py's."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from test_catalogue_i18n import PACKAGES, TRANSLATED

from cribbage.lang.messages import Plural, translate
from cribbage.lang.translations import translations

ROOT = Path(__file__).resolve().parents[2]
PYBABEL = str(Path(sys.executable).with_name("pybabel"))


@pytest.mark.parametrize("domain", sorted(PACKAGES))
def test_the_catalogues_are_current_with_the_code(domain, tmp_path):
    """What `make check-catalogues` runs: the template extracted again equals the committed one, and
    `pybabel update --check` finds nothing to change in any .po."""
    fresh = tmp_path / f"{domain}.pot"
    subprocess.run([PYBABEL, "-q", "extract", "-F", "babel.cfg", "--add-location=file", "--no-wrap",
                    "-o", str(fresh), domain], cwd=ROOT, check=True)
    with fresh.open("rb") as a, (PACKAGES[domain] / f"{domain}.pot").open("rb") as b:
        new, old = read_po(a), read_po(b)
    assert {(m.context, m.id) for m in new if m.id} == {(m.context, m.id) for m in old if m.id}, \
        "run make catalogues"
    check = subprocess.run([PYBABEL, "-q", "update", "--check", "--no-wrap", "--ignore-obsolete",
                            "--ignore-pot-creation-date", "-i", str(fresh), "-d", str(PACKAGES[domain]),
                            "-D", domain], cwd=ROOT, capture_output=True, text=True)
    assert check.returncode == 0, "run make catalogues:\n" + check.stderr[-2000:]


WORDS = '''
WORDS = {
    # a greeting: {name} is the learner's name
    "demo.hello": {"en": "hello {name}"},
    "demo.cards": {"en": Plural("{n} card", "{n} cards")},
}
'''


def _pybabel(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PYBABEL, "-q", *args], cwd=cwd, capture_output=True, text=True)


def _demo(root: Path) -> Path:
    (root / "demo").mkdir()
    (root / "demo" / "words.py").write_text(textwrap.dedent(WORDS), encoding="utf-8")
    shutil.copy(ROOT / "babel.cfg", root / "babel.cfg")
    assert _pybabel("extract", "-F", "babel.cfg", "--no-wrap", "-o", "demo.pot", "demo", cwd=root).returncode == 0
    for language in TRANSLATED:
        assert _pybabel("init", "--no-wrap", "-i", "demo.pot", "-d", "locale", "-D", "demo", "-l", language, cwd=root).returncode == 0
    for language, hello, cards in (("es", "hola {name}", ("{n} carta", "{n} cartas")),
                                   ("pt", "olá {name}", ("{n} carta", "{n} cartas"))):
        po = root / "locale" / language / "LC_MESSAGES" / "demo.po"
        # the course's rules: Spanish (n != 1), Brazilian Portuguese (n > 1), as the project's .po say
        header = '"Plural-Forms: nplurals=2; plural=' + ("(n != 1)" if language == "es" else "(n > 1)") + ';\\n"'
        text = re.sub(r'"Plural-Forms: [^"]*"', lambda _, header=header: header, po.read_text(encoding="utf-8"))
        text = re.sub(r'msgstr\[2\] ""\n', "", text)
        text = text.replace('msgid "hello {name}"\nmsgstr ""', f'msgid "hello {{name}}"\nmsgstr "{hello}"')
        text = text.replace('msgstr[0] ""\nmsgstr[1] ""', f'msgstr[0] "{cards[0]}"\nmsgstr[1] "{cards[1]}"')
        po.write_text(text, encoding="utf-8")
    return root


def test_the_extractor_gives_keys_english_plurals_and_translators_notes(tmp_path):
    root = _demo(tmp_path)
    template = (root / "demo.pot").read_text(encoding="utf-8")
    assert '#. a greeting: {name} is the learner\'s name\n' in template
    assert 'msgctxt "demo.hello"\nmsgid "hello {name}"' in template
    assert 'msgctxt "demo.cards"\nmsgid "{n} card"\nmsgid_plural "{n} cards"' in template


def test_a_changed_english_is_marked_fuzzy_and_a_new_one_fails_the_check(tmp_path):
    root = _demo(tmp_path)
    words = root / "demo" / "words.py"
    words.write_text(words.read_text(encoding="utf-8").replace("hello {name}", "hello, {name}!")
                     .replace("WORDS = {", 'WORDS = {\n    "demo.new": {"en": "a new sentence"},'), encoding="utf-8")
    assert _pybabel("extract", "-F", "babel.cfg", "--no-wrap", "-o", "demo.pot", "demo", cwd=root).returncode == 0
    check = _pybabel("update", "--check", "-i", "demo.pot", "-d", "locale", "-D", "demo", cwd=root)
    assert check.returncode != 0    # what make lint runs: the build fails until the catalogues are updated
    assert _pybabel("update", "-i", "demo.pot", "-d", "locale", "-D", "demo", "--previous", cwd=root).returncode == 0
    text = (root / "locale" / "es" / "LC_MESSAGES" / "demo.po").read_text(encoding="utf-8")
    assert '#, fuzzy, python-brace-format\n#| msgid "hello {name}"\nmsgctxt "demo.hello"' in text
    assert 'msgctxt "demo.new"\nmsgid "a new sentence"\nmsgstr ""' in text


def test_compiled_catalogues_are_read_through_gettext_and_bad_placeholders_fall_back(tmp_path):
    root = _demo(tmp_path)
    es = root / "locale" / "es" / "LC_MESSAGES" / "demo.po"
    es.write_text(es.read_text(encoding="utf-8").replace('msgstr "hola {name}"', 'msgstr "hola {nombre}"'),
                  encoding="utf-8")
    assert _pybabel("compile", "-d", "locale", "-D", "demo", cwd=root).returncode == 0
    assert (root / "locale" / "pt" / "LC_MESSAGES" / "demo.mo").exists()
    assert translations(root / "locale", "demo", "pt").pgettext("demo.hello", "hello {name}") == "olá {name}"
    entries = {"demo.hello": {"en": "hello {name}"}, "demo.cards": {"en": Plural("{n} card", "{n} cards")}}
    translate(entries, root / "locale", "demo")
    assert entries["demo.hello"]["es"] == "hello {name}"          # never a KeyError in a learner's face
    assert entries["demo.hello"]["pt"] == "olá {name}"
    assert entries["demo.cards"]["pt"].choose(0) == "{n} carta"   # pt's own rule: (n > 1)
    assert entries["demo.cards"]["es"].choose(0) == "{n} cartas"


def _setup_module():
    """setup.py's functions, without running setup() (it runs only as setuptools runs the file)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("project_setup", ROOT / "setup.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("domain", sorted(PACKAGES))
def test_building_compiles_as_pybabel_does_and_never_leaves_half_a_catalogue(tmp_path: Path, domain: str) -> None:
    """A wheel built from the tree (``pip wheel .``, as the static calculator's build does while tests
    run) compiles the tree's catalogues: a kernel reading one meanwhile must find the old file or the
    new, whole. Written in place, a reader holding the old file saw it cut short (a CI run failed so)."""
    compile_catalogues = _setup_module().compile_catalogues
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    for root in (ours, theirs):
        shutil.copytree(PACKAGES[domain], root, ignore=shutil.ignore_patterns("*.mo"))
    assert _pybabel("compile", "-d", str(theirs), "-D", domain, cwd=tmp_path).returncode == 0
    written = compile_catalogues(ours, domain)
    assert [mo.relative_to(ours) for mo in written] == \
        [mo.relative_to(theirs) for mo in sorted(theirs.glob(f"*/LC_MESSAGES/{domain}.mo"))]
    for mo in written:
        assert mo.read_bytes() == (theirs / mo.relative_to(ours)).read_bytes()
    # A reader that opened the catalogue before the next build (of a changed .po) still reads it whole.
    before = written[0].read_bytes()
    po = written[0].with_suffix(".po")
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "one more"\nmsgstr "uno más"\n', encoding="utf-8")
    with written[0].open("rb") as reader:
        compile_catalogues(ours, domain)
        assert reader.read() == before
    assert written[0].read_bytes() != before
    assert sorted(path.name for path in written[0].parent.iterdir()) == [f"{domain}.mo", f"{domain}.po"]
