"""A model of the wrong kind set for a kind of file, through a real server process: the
server says in one line what the model is instead of loading it (issue 28), and answers the
next request as it would without a model."""

from __future__ import annotations

from pathlib import Path

from spancopy_core import DEFAULT_EDIT_MODEL, DEFAULT_JAVA_MODEL

from .conftest import close, code_actions, launch, open_doc
from .test_server import GT, TOY


async def test_a_model_of_the_wrong_kind_is_refused_in_one_line(toy_model: Path):
    settings = {
        "modelPath": str(DEFAULT_EDIT_MODEL),
        "prose": {"modelPath": str(DEFAULT_JAVA_MODEL)},
    }
    c = await launch(toy_model, settings)
    try:
        open_doc(c, "file:///work/Toy.java", TOY)
        assert await code_actions(c, "file:///work/Toy.java", *GT) is None
        open_doc(c, "file:///work/a.txt", "We recieve it .\n", language="plaintext")
        assert await code_actions(c, "file:///work/a.txt", 0, 3) is None
        said = [m.message for m in c.log_messages if "cannot load the model" in m.message]
        edit = [m for m in said if str(DEFAULT_EDIT_MODEL) in m]
        java = [m for m in said if str(DEFAULT_JAVA_MODEL) in m]
        assert len(edit) == 1 and "an edit model" in edit[0] and "\n" not in edit[0]
        assert len(java) == 1 and "a java model, not a prose model" in java[0]
    finally:
        await close(c)
