"""The idiom vocabulary: names and literals that BFP-style abstraction keeps as they are.

BFP (Tufano et al., TOSEM 2019) keeps frequent identifiers and literals ("idioms": ``size``,
``get``, ``i``, ``0``, ``1``, ``java.lang.String``, ...) and replaces every other one by a
placeholder. :func:`bfp_idioms` recovers that list from BFP files: every token that is an
identifier, a qualified name or a literal and not a placeholder. The list computed from
the BFP small and medium valid splits ships as ``trainer/idioms.json`` (with its provenance),
so that ``synth`` and ``import-edits`` need no BFP files; :func:`load_idioms` reads it or a
file given with ``--idioms``.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from spancopy_core.lang.java import KEYWORDS, PLACEHOLDER

from .config import DataError

IDIOMS_JSON = Path(__file__).resolve().parent / "idioms.json"


def is_idiom(token: str) -> bool:
    """Whether an abstracted BFP token is an idiom: a name, a qualified name or a literal
    that is neither a placeholder nor a keyword (operators and punctuation are not)."""
    head = token[:1]
    return (
        (head.isalnum() or head in "_$\"'")
        and token not in KEYWORDS
        and not PLACEHOLDER.fullmatch(token)
    )


def bfp_idioms(files: Iterable[Path]) -> list[str]:
    """The idioms of the given BFP files (``*.buggy`` / ``*.fixed``), most frequent first."""
    counts: Counter[str] = Counter()
    for path in files:
        try:
            with open(path, encoding="utf-8") as f:
                for line in f:
                    counts.update(t for t in line.split() if is_idiom(t))
        except (OSError, UnicodeDecodeError) as exc:
            raise DataError(f"{path}: cannot read BFP tokens ({exc})") from None
    return sorted(counts, key=lambda t: (-counts[t], t))


def write_idioms(path: Path, tokens: list[str], files: Sequence[Path]) -> None:
    """Write ``tokens`` as an idioms file that names the BFP ``files`` they come from (the
    last two path components and the MD5 of each)."""
    source = {"/".join(f.parts[-2:]): hashlib.md5(f.read_bytes()).hexdigest() for f in files}
    payload = {
        "about": "BFP idioms: every name, qualified name and literal of these files of the "
        "BFP data set (Tufano et al., TOSEM 2019, as distributed by microsoft/CodeXGLUE "
        "Code-Code/code-refinement) that is not a placeholder, most frequent first; made by "
        "python -m trainer idioms FILE... --out FILE.json",
        "files_md5": source,
        "count": len(tokens),
        "tokens": tokens,
    }
    path.write_text(json.dumps(payload, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")


def load_idioms(path: Path | None = None) -> frozenset[str]:
    """The idioms of ``path`` (default: the shipped ``trainer/idioms.json``): a JSON list of
    tokens, or an object whose ``tokens`` is one."""
    path = IDIOMS_JSON if path is None else path
    try:
        payload = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"{path}: {exc.strerror}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DataError(f"{path}: not a JSON idioms file ({exc})") from None
    tokens = payload.get("tokens") if isinstance(payload, dict) else payload
    if not (isinstance(tokens, list) and all(isinstance(t, str) and t for t in tokens)):
        raise DataError(f'{path}: expected a JSON list of tokens or {{"tokens": [...]}}')
    return frozenset(tokens)
