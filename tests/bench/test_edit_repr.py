"""The arithmetic of bench/edit_repr.py on hand-written toy edits, with a rule-based editor in
place of a model (expected figures counted by hand), and its model adapter on a tiny model."""

from __future__ import annotations

import pytest

from bench import edit_repr
from spancopy_core.editing.alignment import align, side
from spancopy_core.paper.decoding import beam_search
from tests.core.tiny import tiny_model

PAIRS = [
    (["a", "==", "b"], ["a", "!=", "b"]),  # 0 operator_swap
    (["c", "==", "d"], ["c", "!=", "d"]),  # 1 operator_swap
    (["e", "<", "f"], ["e", "<=", "f"]),  # 2 operator_swap, another token change
    (["x", "+", "y"], ["x", "-", "y"]),  # 3 arithmetic
    (["z", "+", "w"], ["z", "-", "w"]),  # 4 arithmetic
    (["q"], ["r"]),  # 5 alone in its group
    (["s"], ["s", "t"]),  # 6 an insertion, beyond the rule editor
]
KINDS = ["operator_swap"] * 3 + ["arithmetic"] * 2 + ["alone", "insert"]


def rule_editor(inputs, edits):
    """Apply an edit by rewriting the first occurrence of each run it replaces (no insertions)."""
    out = []
    for x, edit in zip(inputs, edits):
        y = list(x)
        for old, new in edit_repr.change_signature(side(edit.before), side(edit.after)):
            n = len(old)
            at = next((k for k in range(len(y) - n + 1) if n and tuple(y[k : k + n]) == old), None)
            if at is not None:
                y[at : at + n] = new
        out.append(y)
    return out


def test_change_signature_by_hand():
    assert edit_repr.change_signature(*PAIRS[0]) == ((("==",), ("!=",)),)
    assert edit_repr.change_signature(*PAIRS[0]) == edit_repr.change_signature(*PAIRS[1])
    assert edit_repr.change_signature(*PAIRS[6]) == (((), ("t",)),)
    got = edit_repr.change_signature(["f", "(", "a", ")", ";"], ["g", "(", "a", ",", "b", ")"])
    assert got == ((("f",), ("g",)), ((), (",", "b")), ((";",), ()))


def test_groups_are_the_first_members_of_each_key_largest_first():
    assert edit_repr.first_per_group(KINDS, 100) == {
        "operator_swap": [0, 1, 2],
        "arithmetic": [3, 4],
    }  # the groups of one edit are left out: nothing to transfer to
    two = edit_repr.first_per_group(KINDS, 2)
    assert two == {"operator_swap": [0, 1], "arithmetic": [3, 4]}
    assert list(two) == ["operator_swap", "arithmetic"]  # three edits in all before two
    assert list(edit_repr.first_per_group(KINDS[::-1], 2)) == ["operator_swap", "arithmetic"]
    assert edit_repr.first_per_group(KINDS, 100, min_size=3) == {"operator_swap": [0, 1, 2]}
    assert edit_repr.transfer_tasks([3, 4]) == [(3, 4), (4, 3)]
    assert len(edit_repr.transfer_tasks(list(range(100)))) == 100 * 99  # the paper's 99 each


def test_transfer_and_reconstruction_counted_by_hand():
    groups = edit_repr.first_per_group(KINDS, 100)
    correct = edit_repr.transfer(PAIRS, groups, rule_editor)
    # operator_swap: 0 -> 1 and 1 -> 0 right; "==" is not in 2's input, "<" not in 0's or 1's.
    assert correct["operator_swap"] == [True, False, True, False, False, False]
    assert correct["arithmetic"] == [True, True]
    micro, macro, pairs = edit_repr.accuracies(correct)
    assert (micro, pairs) == (4 / 8, 8)
    assert macro == pytest.approx((2 / 6 + 1) / 2)
    # Every edit but the insertion reconstructs itself.
    assert edit_repr.reconstruction(PAIRS, rule_editor) == [True] * 6 + [False]
    assert edit_repr.accuracies({}) == (0.0, 0.0, 0)


def test_control_swaps_in_the_edits_of_the_next_group():
    groups = edit_repr.first_per_group(KINDS, 100)  # operator_swap [0, 1, 2], arithmetic [3, 4]
    assert edit_repr.tasks_of(groups, control=True) == [
        ("operator_swap", 3, 1),  # source 0 (rank 0) -> arithmetic's rank 0
        ("operator_swap", 3, 2),
        ("operator_swap", 4, 0),  # source 1 -> rank 1
        ("operator_swap", 4, 2),
        ("operator_swap", 3, 0),  # source 2 -> rank 2 modulo 2
        ("operator_swap", 3, 1),
        ("arithmetic", 0, 4),  # and back to operator_swap
        ("arithmetic", 1, 3),
    ]
    # "+" -> "-" finds no "+" in an operator_swap input, "==" -> "!=" no "==" in arithmetic's.
    correct = edit_repr.transfer(PAIRS, groups, rule_editor, control=True)
    assert correct == {"operator_swap": [False] * 6, "arithmetic": [False, False]}
    with pytest.raises(ValueError, match="two groups"):
        edit_repr.tasks_of({"arithmetic": [3, 4]}, control=True)


def test_model_apply_returns_top1_in_the_given_order():
    model = tiny_model(edit_dim=4, seed=5)
    inputs = [["a", "b", "c", "a"], ["c"], ["b", "a"], []]
    edits = [align(["a"], ["b"]), align(["c", "c", "a"], ["c"]), align([], ["a"]), align(["b"], [])]
    got = edit_repr.model_apply(model, beam=3, batch_size=2, progress=False)(inputs, edits)
    for x, edit, out in zip(inputs, edits, got):
        alone = beam_search(model, [x], beam_size=3, top_k=3, edits=[edit])[0]
        assert out == alone[0].tokens
