"""No graded number answer is written in a notebook or document a student receives (issue 28, item 6).

What a student receives: the released labs (``nbgrader generate_assignment`` of a course that
``python -m ttt assignments`` wrote, every lab) and the files of the JupyterLite site, as
``lite/build.py``'s own :func:`stage_contents` selects them (the ``ttt`` wheel aside: the README says the
package holds the worked solutions).

What is looked for: the answer of every checked exercise whose answer is a number or a few numbers,
computed by its worked solution (``item.answer()``, as ``verify_all`` passes it to the check), written
the ways a text writes numbers (1440, 1,440, 1 440 with a space or a narrow one, 1_440; 191/192).
The rule for numbers too common to mean anything, instead of a list:

* only a *distinctive* number is looked for: a whole number of at least 100 (below that, a figure is
  a count of marks, a percentage, a ply), a non-integer one of at least 100, or a fraction;
* an answer of several numbers (``(ways, positions)``) is found only where one text (a cell's source,
  an output, a file) holds all of its distinctive numbers: a figure that coincides with one part of
  an answer while the text uses it for something else (105 seeded games, pages 123-137) states no
  answer.  An answer with no distinctive number (03.1's 41, 24, 29) is not looked for.

Images in outputs are skipped (base64 holds digits by chance); a file that is not UTF-8 text (the
tablebase in ``notebooks/data/``) holds no prose.
"""

from __future__ import annotations

import importlib.util
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from ttt.exercises import exercises
from ttt.tools.assignments import write_course
from ttt.tools.autograde import nbgrader

ROOT = Path(__file__).resolve().parents[2]

pytest.importorskip("nbgrader")  # the teacher's extra; `make test` installs it


def spellings(value) -> set[str]:
    """How a text writes ``value``, if it is distinctive (see the module's rule); else nothing."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, Fraction) and value.denominator != 1:
        return {f"{value.numerator}/{value.denominator}"}
    if isinstance(value, float) and not value.is_integer():
        return {f"{value:g}"} if abs(value) >= 100 else set()
    whole = int(value)
    if abs(whole) < 100:
        return set()
    grouped = f"{whole:,}"
    return {str(whole), grouped, f"{whole:_}", *(grouped.replace(",", space) for space in (" ", "\u202f", "\u00a0"))}


def numbers_of(answer) -> list:
    """The numbers of an answer: one, or those of a tuple, list or dict."""
    if isinstance(answer, dict):
        return [number for value in answer.values() for number in numbers_of(value)]
    if isinstance(answer, (tuple, list)):
        return [number for value in answer for number in numbers_of(value)]
    return [answer]


def graded_numbers() -> dict[str, list[set[str]]]:
    """``{exercise key: [spellings of each distinctive number of its worked answer]}``, for number exercises."""
    found = {}
    for item in exercises():
        if item.kind != "number":
            continue
        wanted = [words for words in map(spellings, numbers_of(item.answer())) if words]
        if wanted:
            found[item.key] = wanted
    return found


def holds(text: str, spelling: str) -> bool:
    """``spelling`` stands as a number of its own in ``text`` (not a part of 72,576, 0.402, 1440.5 or 7/1440)."""
    return re.search(rf"(?<![\w.,/]){re.escape(spelling)}(?![\w/]|[.,]\d)", text) is not None


def leaks(text: str, answers: dict[str, list[set[str]]]) -> list[str]:
    """The exercises whose every distinctive number ``text`` holds."""
    return [key for key, numbers in answers.items()
            if all(any(holds(text, spelling) for spelling in spellings_) for spellings_ in numbers)]


def notebook_texts(notebook: dict):
    """(where, text) of each cell's source and each of its text outputs."""
    for index, cell in enumerate(notebook["cells"]):
        yield f"cell {index} ({cell['cell_type']})", "".join(cell["source"])
        for output in cell.get("outputs", []):
            for kind, data in output.get("data", {}).items():
                if kind.startswith("text/"):
                    yield f"cell {index}, output {kind}", "".join(data) if isinstance(data, list) else data
            if "text" in output:
                yield f"cell {index}, output", "".join(output["text"])


def file_texts(folder: Path):
    """(where, text) of every text a student finds in ``folder``."""
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        name = str(path.relative_to(folder))
        if path.suffix == ".ipynb":
            for where, text in notebook_texts(json.loads(path.read_text(encoding="utf-8"))):
                yield f"{name}, {where}", text
            continue
        try:
            yield name, path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue


def lite_build():
    spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def answers():
    return graded_numbers()


@pytest.fixture(scope="module")
def release(tmp_path_factory) -> Path:
    """Every lab, as ``nbgrader generate_assignment`` releases it to students."""
    course = tmp_path_factory.mktemp("course-release")
    write_course(course)
    done = nbgrader(["generate_assignment", "*", "--force"], course, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    return course / "release"


@pytest.mark.grading   # what students receive: every release, the lite site (about half a minute)
@pytest.mark.slow(150)
class TestAnswersStayWithTeachers:
    def test_the_search_knows_the_answers_and_finds_them_where_they_are(self, answers):
        assert answers["00.2"] == [{"1440", "1,440", "1_440", "1 440", "1\u202f440", "1\u00a0440"}]
        assert answers["04.5"] == [{"191/192"}] and answers["09.6"] == [spellings(402)]
        assert "03.1" not in answers and "08.3" not in answers      # no distinctive number
        assert leaks("There are 1,440 of them.", answers) == ["00.2"]
        assert leaks("72,576 and 0.402 and 7/1440 and 1440.5", answers) == []
        assert leaks("It makes 576 ways and 222 positions", answers) == ["03.3"]
        assert leaks("pp. 123–137; 105 seeded games", answers) == []      # 07.1 needs all its numbers
        guide = (ROOT / "notebooks" / "teaching_guide.md").read_text(encoding="utf-8")
        assert leaks(guide, answers)                              # what the teachers keep does answer some

    def test_no_released_lab_states_a_graded_answer(self, answers, release):
        labs = sorted(path.name for path in release.iterdir())
        assert len(labs) == len({item.notebook for item in exercises()})
        found = [f"{where}: {keys}" for where, text in file_texts(release) if (keys := leaks(text, answers))]
        assert found == []

    def test_no_file_of_the_lite_site_states_a_graded_answer(self, answers, tmp_path):
        build = lite_build()
        site = build.stage_contents(tmp_path / "course")
        names = {path.name for path in site.iterdir()}
        assert "00_index.ipynb" in names and not names & set(build.TEACHERS_ONLY)
        found = [f"{where}: {keys}" for where, text in file_texts(site) if (keys := leaks(text, answers))]
        assert found == []

    def test_the_site_links_the_teaching_guide_at_its_public_copy(self, tmp_path):
        build = lite_build()
        site = build.stage_contents(tmp_path / "course")
        text = json.dumps(json.loads((site / "00_index.ipynb").read_text(encoding="utf-8")))
        assert f'href=\\"{build.TEACHERS_URL}teaching_guide.md\\"' in text
        assert 'href=\\"teaching_guide.md\\"' not in text
