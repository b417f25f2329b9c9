"""Sample submissions of a generated assignment: to try a course's autograding before the class does.

Every sample is built from the released student notebook of a lab, so its
metadata is what nbgrader expects, with answer cells filled in:

* :func:`solved`: every answer is the worked solution (full marks);
* :func:`answered`: some answers replaced by other code (a typical mistake, say);
* :data:`MISBEHAVIOUR`: answers that crash, do not parse, loop forever, allocate
  without bound or delete files, to prove that autograding survives them;
* :data:`ESCAPES`: answers that try to leave their sandbox (write or read outside
  their folder, fork without end, fill the disk, open a connection), each with
  the flag the teacher should see.

``submit`` writes a notebook where ``nbgrader autograde`` looks for it:
``COURSE/submitted/<student>/<lab>/<lab>.ipynb``.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from ttt.tools.assignments import SOLUTION

__all__ = ["MISBEHAVIOUR", "ESCAPES", "released", "answer_cells", "solved", "answered", "submit", "without_markers"]

# What a careless or hostile answer cell can do; each is graded as zero for its own exercise only.
MISBEHAVIOUR = {
    "crash": 'raise RuntimeError("my code has a bug")',
    "syntax error": "def broken(:\n    return 1",
    "infinite loop": "while True:\n    pass",
    "memory hog": "hog = []\nwhile True:\n    hog.append(bytearray(10**8))",
    "vandal": ("import os, shutil\n"
               "for name in os.listdir('../../..'):\n"
               "    shutil.rmtree(os.path.join('../../..', name), ignore_errors=True)\n"
               "open('../../../gradebook.db', 'w').write('overwritten')"),
}

# What a submission may try against its sandbox (:mod:`ttt.tools.sandbox`): each is stopped or refused, costs its
# own exercise only, and is flagged for the teacher (the flag the class report shows is the value here).
ESCAPES = {
    "write outside": ("open('../../../../escaped-by-a-submission.txt', 'w').write('out')", "touched files outside"),
    "read source": ("print(open('../../../source/lab00_index/lab00_index.ipynb').read()[:200])",
                    "touched files outside"),
    "fork bomb": ("import os\nwhile True:\n    os.fork()", "started a process"),
    "fill the disk": ("for n in range(10**6):\n    open(f'filler{n}', 'wb').write(bytes(10**7))", "filled its disk"),
    "network": ("import socket\nsocket.create_connection(('192.0.2.1', 80), timeout=5)",
                "opened a network connection"),
}


def released(course: Path, lab: str) -> dict:
    """The student notebook of ``lab`` as ``nbgrader generate_assignment`` released it."""
    return json.loads((Path(course) / "release" / lab / f"{lab}.ipynb").read_text())


def _source(course: Path, lab: str) -> dict:
    return json.loads((Path(course) / "source" / lab / f"{lab}.ipynb").read_text())


def without_markers(code: str) -> str:
    """An answer cell's code with the solution delimiters taken out (what a student who solved it wrote)."""
    return "\n".join(line for line in code.split("\n") if line.strip() not in SOLUTION)


def answer_cells(notebook: dict) -> dict[str, dict]:
    """``{grade_id: cell}`` of the autograded answer cells of a notebook."""
    found = {}
    for cell in notebook["cells"]:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if cell["cell_type"] == "code" and meta.get("solution") and not meta.get("grade"):
            found[meta["grade_id"]] = cell
    return found


def _manual_cells(notebook: dict) -> dict[str, dict]:
    return {cell["metadata"]["nbgrader"]["grade_id"]: cell for cell in notebook["cells"]
            if cell.get("metadata", {}).get("nbgrader", {}).get("solution") and cell["cell_type"] == "markdown"}


def solved(course: Path, lab: str) -> dict:
    """The released notebook with every answer cell holding the worked solution (open questions: the model answer)."""
    notebook = copy.deepcopy(released(course, lab))
    source = _source(course, lab)
    solutions = answer_cells(source)
    for grade_id, cell in answer_cells(notebook).items():
        cell["source"] = without_markers("".join(solutions[grade_id]["source"]))
    models = _manual_cells(source)
    for grade_id, cell in _manual_cells(notebook).items():
        cell["source"] = models[grade_id]["source"]
    return notebook


def answered(course: Path, lab: str, answers: dict[str, str]) -> dict:
    """The solved notebook with the answer cells ``{grade_id: code}`` replaced."""
    notebook = solved(course, lab)
    cells = answer_cells(notebook)
    unknown = sorted(set(answers) - set(cells))
    if unknown:
        raise KeyError(f"{lab} has no answer cell {', '.join(unknown)}")
    for grade_id, code in answers.items():
        cells[grade_id]["source"] = code
    return notebook


def submit(course: Path, lab: str, student: str, notebook: dict) -> Path:
    """Put ``notebook`` where nbgrader collects ``student``'s submission of ``lab``."""
    folder = Path(course) / "submitted" / student / lab
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{lab}.ipynb"
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")
    return path
