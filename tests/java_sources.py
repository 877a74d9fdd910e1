"""Java sources that several test modules read: :data:`TOY_CLASS`, two methods whose one
comparison the toy model repairs (``tests/toy.py``), :data:`STATS`, a class that compiles,
for the compile checks, :data:`NAMES`, a method with a likely bug, and :data:`CORRECT_MAX`,
a correct one."""

from __future__ import annotations

TOY_CLASS = """class Toy {
    int clamp(int value, int limit) {
        if (value > limit) {
            return limit;
        }
        return value;
    }

    boolean fits(int size, int cap) {
        return size < cap;
    }
}
"""
STATS = """import java.util.List;

public class Stats {
    static int indexOfMax(int[] a) {
        int best = 0;
        for (int i = 1; i < a.length; i++) {
            if (a[i] > a[best]) best = i;
        }
        return best;
    }
}
"""

# a String compared by reference: a likely bug whose fix a check knows, at its line 4
NAMES = """class Names {
    static int count(String[] names, String wanted) {
        int n = 0;
        for (String name : names) {
            if (name == wanted) {
                n++;
            }
        }
        return n;
    }
}
"""

# the Correct.java: an index of the maximum, correct; its loop at line 3
CORRECT_MAX = """public class Correct {
    static int indexOfMax(int[] a) {
        int best = 0;
        for (int i = 1; i < a.length; i++) {
            if (a[i] > a[best]) best = i;
        }
        return best;
    }
}
"""

# a method padded with statements around its one bug (line 6): a long method at small scale
LONG_CLAMP = """class Long {
    int clamp(int value, int limit) {
        int a = value * 2;
        int b = a + limit;
        int c = b - value;
        int d = c * limit;
        if (value > limit) {
            return limit;
        }
        int e = d + a;
        int f = e - b;
        int g = f * c;
        return value + g;
    }
}
"""

# a class of methods on one line each (picocli's style), and one on three
ONE_LINERS = """package demo;

import java.util.List;

public class Layout {
    enum Mode { ATTACHED, SEPARATE }

    private final List<String> cells;
    private final int columns;
    private final Mode mode;
    private int anchor = Integer.MAX_VALUE;
    private boolean relative;

    Layout(List<String> cells, int columns, Mode mode) {
        this.cells = cells;
        this.columns = columns;
        this.mode = mode;
    }

    public String cellAt(int row, int col) { return cells.get(col + row * columns); }
    public boolean isAttached() { return mode != Mode.SEPARATE; }
    boolean isRelativeToAnchor() { return anchor != Integer.MAX_VALUE && isRelative(); }
    boolean isRelative() { return relative; }

    boolean isLeftOf(int column) {
        return anchor < column;
    }
}
"""
