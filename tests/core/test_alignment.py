"""The aligned form of an edit: hand-written cases, and the property that both sides come back."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from spancopy_core.editing.alignment import DELETE, EQUAL, INSERT, REPLACE, align, side

E, R, I, D = EQUAL, REPLACE, INSERT, DELETE


def test_equal_sequences_are_all_equal():
    assert align(["a", "b"], ["a", "b"]) == (("a", "b"), ("a", "b"), (E, E))


def test_empty_edit():
    assert align([], []) == ((), (), ())


def test_insertion_deletion_and_replacement_by_hand():
    # return x ;  ->  return x . y ( ) ;   an insertion of three tokens before ";"
    got = align(["return", "x", ";"], ["return", "x", ".", "y", "(", ")", ";"])
    assert got.before == ("return", "x", None, None, None, None, ";")
    assert got.after == ("return", "x", ".", "y", "(", ")", ";")
    assert got.tags == (E, E, I, I, I, I, E)
    # if ( a == null ) return ; b ( ) ;  ->  b ( ) ;   a guard deleted
    before = ["if", "(", "a", "==", "null", ")", "return", ";", "b", "(", ")", ";"]
    got = align(before, ["b", "(", ")", ";"])
    assert got.before == tuple(before)
    assert got.after == (None,) * 8 + ("b", "(", ")", ";")
    assert got.tags == (D,) * 8 + (E,) * 4
    # a == b  ->  a . equals ( b )   "==" replaced by four tokens, one more inserted at the end
    got = align(["a", "==", "b"], ["a", ".", "equals", "(", "b", ")"])
    assert got.before == ("a", "==", None, None, "b", None)
    assert got.after == ("a", ".", "equals", "(", "b", ")")
    assert got.tags == (E, R, R, R, E, I)
    # the longer side of a replacement is the before side: the after side gets the gaps
    got = align(["f", "(", "x", ",", "y", ")"], ["f", "(", "z", ")"])
    assert got.before == ("f", "(", "x", ",", "y", ")")
    assert got.after == ("f", "(", "z", None, None, ")")
    assert got.tags == (E, E, R, R, R, E)


tokens = st.lists(st.sampled_from(["a", "b", "c", ";", "(", ")"]), max_size=12)


@settings(max_examples=200, deadline=None)
@given(before=tokens, after=tokens)
def test_aligned_sides_project_back_to_both_inputs(before, after):
    got = align(before, after)
    assert len(got.before) == len(got.after) == len(got.tags)
    assert side(got.before) == before
    assert side(got.after) == after
    for x, y, tag in zip(*got):
        if tag == E:
            assert x is not None and x == y
        elif tag == I:
            assert x is None and y is not None
        elif tag == D:
            assert x is not None and y is None
        else:  # a replaced run holds no token of its replacement (difflib would match it)
            assert tag == R and (x is not None or y is not None) and x != y
