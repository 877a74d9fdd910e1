"""Likely bugs in Java that compiles (spancopy_core.lang.java.validity.suspicions, issue 24):
each check fires on the bug it names, at its line, and not on the fixed code nor on the correct
idioms that look like it; a candidate that adds one makes no sense, one the method as written
has excuses itself."""

from __future__ import annotations

import pytest

from spancopy_core.lang.java import validity
from spancopy_core.lang.java.syntax import JavaSource

# a breadth-first search over a grid, whose test that skips a cell ends at SEEN
GRID_SEARCH = (
    "int f(char[][] g, int h, int w, int[] dr, int[] dc) {\n"
    "    int[][] dist = new int[h][w];\n"
    "    for (int[] row : dist) java.util.Arrays.fill(row, -1);\n"
    "    java.util.ArrayDeque<int[]> q = new java.util.ArrayDeque<>();\n"
    "    q.add(new int[] {0, 0});\n    dist[0][0] = 0;\n    while (!q.isEmpty()) {\n"
    "        int[] c = q.poll();\n        for (int d = 0; d < 4; d++) {\n"
    "            int r = c[0] + dr[d], k = c[1] + dc[d];\n"
    "            if (r < 0 || k < 0 || r >= h || k >= w SEEN) continue;\n"
    "            dist[r][k] = dist[c[0]][c[1]] + 1;\n            q.add(new int[] {r, k});\n"
    "        }\n    }\n    return dist[h - 1][w - 1];\n}"
)
# (a method with the bug, the same method fixed, what the check says)
BUGS = [
    (
        "boolean f(String s, String r) {\n    return s == r;\n}",
        "boolean f(String s, String r) {\n    return s.equals(r);\n}",
        "'s == r' compares Strings by reference, not by value",
    ),
    (
        'boolean f(String s) {\n    return s != "yes";\n}',
        'boolean f(String s) {\n    return !s.equals("yes");\n}',
        "'s != \"yes\"' compares Strings by reference, not by value",
    ),
    (  # a method named for the greatest that keeps the least
        "int max(int[] a) {\n    int best = a[0];\n    for (int x : a) {\n"
        "        if (x < best) best = x;\n    }\n    return best;\n}",
        "int max(int[] a) {\n    int best = a[0];\n    for (int x : a) {\n"
        "        if (x > best) best = x;\n    }\n    return best;\n}",
        "'x < best' keeps the least; the method's name says max",
    ),
    (  # the same, the variable on the left
        "long findMinimum(long[] a) {\n    long m = a[0];\n"
        "    for (int i = 1; i < a.length; i++) if (m < a[i]) m = a[i];\n    return m;\n}",
        "long findMinimum(long[] a) {\n    long m = a[0];\n"
        "    for (int i = 1; i < a.length; i++) if (m > a[i]) m = a[i];\n    return m;\n}",
        "'m < a[i]' keeps the greatest; the method's name says min",
    ),
    (  # a String and a value of a method out of sight
        "boolean f(String p, String n) {\n    return p == secretFor(n);\n}",
        "boolean f(String p, String n) {\n    return p.equals(secretFor(n));\n}",
        "'p == secretFor(n)' compares Strings by reference, not by value",
    ),
    (  # a String literal and a value of a type not known here
        'boolean f(Entity e) {\n    return e.get(TAG) != "PERSON";\n}',
        'boolean f(Entity e) {\n    return !e.get(TAG).equals("PERSON");\n}',
        "'e.get(TAG) != \"PERSON\"' compares Strings by reference, not by value",
    ),
    (
        "long f(int[] a) {\n    long p = a[0] * a[1];\n    return p;\n}",
        "long f(int[] a) {\n    long p = (long) a[0] * a[1];\n    return p;\n}",
        "'a[0] * a[1]' is multiplied in int before it is a long",
    ),
    (
        "long f(int n) {\n    return n * (n - 1) / 2;\n}",
        "long f(int n) {\n    return (long) n * (n - 1) / 2;\n}",
        "'n * (n - 1)' is multiplied in int before it is a long",
    ),
    (
        "void f(int c) {\n    long ans = 0;\n    ans += c * c;\n}",
        "void f(int c) {\n    long ans = 0;\n    ans += (long) c * c;\n}",
        "'c * c' is multiplied in int before it is a long",
    ),
    (
        "double f(int sum, int n) {\n    double avg = sum / n;\n    return avg;\n}",
        "double f(int sum, int n) {\n    double avg = (double) sum / n;\n    return avg;\n}",
        "'sum / n' divides integers before it is a double",
    ),
    (
        "boolean f(char c) {\n    return c == 'a' && c == 'e';\n}",
        "boolean f(char c) {\n    return c == 'a' || c == 'e';\n}",
        "'c == 'a' && c == 'e'' is always false",
    ),
    (
        "boolean f(int x) {\n    return x != 1 || x != 2;\n}",
        "boolean f(int x) {\n    return x != 1 && x != 2;\n}",
        "'x != 1 || x != 2' is always true",
    ),
    (
        "boolean f(String s) {\n    return s == null && s.isEmpty();\n}",
        "boolean f(String s) {\n    return s == null || s.isEmpty();\n}",
        "'s == null && s.isEmpty()' uses 's' where its guard lets it fail",
    ),
    (
        "int f(Deque<Integer> st) {\n    return !st.isEmpty() || st.peek() > 0 ? 1 : 0;\n}",
        "int f(Deque<Integer> st) {\n    return !st.isEmpty() && st.peek() > 0 ? 1 : 0;\n}",
        "'!st.isEmpty() || st.peek() > 0' uses 'st' where its guard lets it fail",
    ),
    (
        "boolean f(int a, int b, long c) {\n    return a * b > c;\n}",
        "boolean f(int a, int b, long c) {\n    return (long) a * b > c;\n}",
        "'a * b' is multiplied in int before it is a long",
    ),
    (
        "boolean f(int hits, int n) {\n    return hits / n >= 0.5;\n}",
        "boolean f(int hits, int n) {\n    return (double) hits / n >= 0.5;\n}",
        "'hits / n' divides integers before it is a double",
    ),
    (
        "void f(long[] d) {\n    Arrays.fill(d, Integer.MAX_VALUE);\n}",
        "void f(long[] d) {\n    Arrays.fill(d, Long.MAX_VALUE);\n}",
        "'Arrays.fill(d, Integer.MAX_VALUE)' fills longs with an int's bound",
    ),
    (
        "void f(double[] d) {\n    Arrays.fill(d, Integer.MIN_VALUE);\n}",
        "void f(double[] d) {\n    Arrays.fill(d, -Double.MAX_VALUE);\n}",
        "'Arrays.fill(d, Integer.MIN_VALUE)' fills doubles with an int's bound",
    ),
    (
        "void f(int[] dp, int c, int v) {\n    dp[c] = Math.max(dp[c], dp[c] + v);\n}",
        "void f(int[] dp, int c, int v, int w) {\n    dp[c] = Math.max(dp[c], dp[c - w] + v);\n}",
        "'Math.max(dp[c], dp[c] + v)' compares a value with itself plus a change",
    ),
    (
        "int f(int[][] m) {\n    int s = 0;\n    for (int i = 0; i < m.length; i++)\n"
        "        for (int j = 0; j < m[i].length; i++)\n"
        "            s += m[i][j];\n    return s;\n}",
        "int f(int[][] m) {\n    int s = 0;\n    for (int i = 0; i < m.length; i++)\n"
        "        for (int j = 0; j < m[i].length; j++)\n"
        "            s += m[i][j];\n    return s;\n}",
        "'i++' steps 'i', not the loop's own 'j'",
    ),
    (
        "int f(int[] a) {\n    int s = 0;\n    for (int i = 0; i <= a.length; i++) {\n"
        "        s += a[i];\n    }\n    return s;\n}",
        "int f(int[] a) {\n    int s = 0;\n    for (int i = 0; i < a.length; i++) {\n"
        "        s += a[i];\n    }\n    return s;\n}",
        "'a[i]' reads past the end when 'i' is a.length",
    ),
    (  # past the length by a bound of its own: Correct.java's loop was offered it
        "int f(int[] a) {\n    int s = 0;\n    for (int i = 0; i < a.length + 1; i++) {\n"
        "        s += a[i];\n    }\n    return s;\n}",
        "int f(int[] a) {\n    int s = 0;\n    for (int i = 0; i < a.length; i++) {\n"
        "        s += a[i];\n    }\n    return s;\n}",
        "'a[i]' reads past the end when 'i' is a.length",
    ),
    (
        "int f(int[] a) {\n    int s = 0;\n    for (int i = 0; i <= a.length + 2; i++) {\n"
        "        s += a[i];\n    }\n    return s;\n}",
        "int f(int[] a) {\n    int s = 0;\n    for (int i = 0; i < a.length; i++) {\n"
        "        s += a[i];\n    }\n    return s;\n}",
        "'a[i]' reads past the end when 'i' is a.length",
    ),
    (
        'String f(String[] w) {\n    String s = "";\n    for (int i = w.length; i >= 0; i--)\n'
        "        s += w[i];\n    return s;\n}",
        'String f(String[] w) {\n    String s = "";\n    for (int i = w.length - 1; i >= 0; i--)\n'
        "        s += w[i];\n    return s;\n}",
        "'w[i]' reads past the end when 'i' is w.length",
    ),
    (
        "int f(String s) {\n    int n = 0;\n    for (int i = 0; i <= s.length(); i++) {\n"
        "        n += s.charAt(i);\n    }\n    return n;\n}",
        "int f(String s) {\n    int n = 0;\n    for (int i = 0; i < s.length(); i++) {\n"
        "        n += s.charAt(i);\n    }\n    return n;\n}",
        "'s.charAt(i)' reads past the end when 'i' is s.length()",
    ),
    (
        "String f(List<String> items) {\n    return items.get(items.size());\n}",
        "String f(List<String> items) {\n    return items.get(items.size() - 1);\n}",
        "'items.get(items.size())' reads past the end",
    ),
    (
        "int f(int[] a) {\n    return a[a.length];\n}",
        "int f(int[] a) {\n    return a[a.length - 1];\n}",
        "'a[a.length]' reads past the end",
    ),
    (
        "int f(int n) {\n    int fact = 1;\n    for (int i = 2; i <= n; i++)\n"
        "        fact = fact * i % 1_000_000_007;\n    return fact;\n}",
        "int f(int n) {\n    int fact = 1;\n    for (int i = 2; i <= n; i++)\n"
        "        fact = (int) ((long) fact * i % 1_000_000_007);\n    return fact;\n}",
        "'fact * i' is multiplied in int before '% 1_000_000_007'",
    ),
    (
        "int f(int a, int b) {\n    final int mod = (int) 1e9 + 7;\n    return (a * b) % mod;\n}",
        "int f(int a, int b) {\n    final int mod = (int) 1e9 + 7;\n"
        "    return (int) ((long) a * b % mod);\n}",
        "'a * b' is multiplied in int before '% mod'",
    ),
    (
        "boolean f(List<Integer> a, int i, int j) {\n    return a.get(i) == a.get(j);\n}",
        "boolean f(List<Integer> a, int i, int j) {\n    return a.get(i).equals(a.get(j));\n}",
        "'a.get(i) == a.get(j)' compares Integer objects by reference, not by value",
    ),
    (
        "boolean f(Map<String, Long> m, String x, Long y) {\n    return m.get(x) != y;\n}",
        "boolean f(Map<String, Long> m, String x, Long y) {\n    return !m.get(x).equals(y);\n}",
        "'m.get(x) != y' compares Long objects by reference, not by value",
    ),
    (
        "long[] f(int n, long[] a) {\n    long[] pre = new long[n];\n"
        "    for (int i = 1; i <= n; i++)\n        pre[i] = pre[i - 1] + a[i - 1];\n"
        "    return pre;\n}",
        "long[] f(int n, long[] a) {\n    long[] pre = new long[n + 1];\n"
        "    for (int i = 1; i <= n; i++)\n        pre[i] = pre[i - 1] + a[i - 1];\n"
        "    return pre;\n}",
        "'pre[i]' reads past the end when 'i' is n",
    ),
    (
        "int f(int n) {\n    int[] seen = new int[n];\n    int k = 0;\n"
        "    for (int i = 0; i <= n; i++) {\n        k += seen[i];\n    }\n    return k;\n}",
        "int f(int n) {\n    int[] seen = new int[n];\n    int k = 0;\n"
        "    for (int i = 0; i < n; i++) {\n        k += seen[i];\n    }\n    return k;\n}",
        "'seen[i]' reads past the end when 'i' is n",
    ),
    (  # its size's variable assigned before the array is made (jsoup's padding): still its size
        "String f(int width, int most) {\n    width = Math.min(width, most);\n"
        "    char[] out = new char[width];\n    for (int i = 0; i <= width; i++)\n"
        "        out[i] = ' ';\n    return String.valueOf(out);\n}",
        "String f(int width, int most) {\n    width = Math.min(width, most);\n"
        "    char[] out = new char[width];\n    for (int i = 0; i < width; i++)\n"
        "        out[i] = ' ';\n    return String.valueOf(out);\n}",
        "'out[i]' reads past the end when 'i' is width",
    ),
    (
        "long f(int n) {\n    long[] w = new long[n];\n    w[0] = 1;\n    return w[n];\n}",
        "long f(int n) {\n    long[] w = new long[n + 1];\n    w[0] = 1;\n    return w[n];\n}",
        "'w[n]' reads past the end",
    ),
    (
        "void f(int[] a, StringBuilder sb) {\n    for (int x : a)\n        sb.append(x + ' ');\n}",
        'void f(int[] a, StringBuilder sb) {\n    for (int x : a)\n        sb.append(x + " ");\n}',
        "'x + ' '' adds the char ' ' to a number",
    ),
    (
        "void f(int k) {\n    System.out.print(k + 'a');\n}",
        "void f(int k) {\n    System.out.print((char) (k + 'a'));\n}",
        "'k + 'a'' adds the char 'a' to a number",
    ),
    (
        "long f(long[] a) {\n    int sum = 0;\n    for (long x : a)\n        sum += x;\n"
        "    return sum;\n}",
        "long f(long[] a) {\n    long sum = 0;\n    for (long x : a)\n        sum += x;\n"
        "    return sum;\n}",
        "'sum += x' gives a long to the int 'sum', cut to an int",
    ),
    (
        "int f(int x) {\n    int s = 0;\n    while (x > 0) {\n        s += x % 10;\n"
        "        x %= 10;\n    }\n    return s;\n}",
        "int f(int x) {\n    int s = 0;\n    while (x > 0) {\n        s += x % 10;\n"
        "        x /= 10;\n    }\n    return s;\n}",
        "'x %= 10' never makes 'x' 0: the loop runs forever",
    ),
    (
        "int f(String s, String t) {\n    int n = s.length(), m = t.length();\n    int k = 0;\n"
        "    for (int j = 1; j <= m; j++)\n        if (s.charAt(0) == t.charAt(j)) k++;\n"
        "    return k + n;\n}",
        "int f(String s, String t) {\n    int n = s.length(), m = t.length();\n    int k = 0;\n"
        "    for (int j = 1; j <= m; j++)\n        if (s.charAt(0) == t.charAt(j - 1)) k++;\n"
        "    return k + n;\n}",
        "'t.charAt(j)' reads past the end when 'j' is m",
    ),
    (  # past the end by more: Search.java's correct reverse loop was offered it
        'String f(String[] w) {\n    String s = "";\n'
        "    for (int i = w.length + 1; i > 0; i--)\n        s += w[i];\n    return s;\n}",
        'String f(String[] w) {\n    String s = "";\n'
        "    for (int i = w.length - 1; i > 0; i--)\n        s += w[i];\n    return s;\n}",
        "'w[i]' reads past the end when 'i' is w.length + 1",
    ),
    (
        "int f(int[] a) {\n    int c = 0;\n    for (int i = 1; i <= a.length; i++)\n"
        "        c += a[i];\n    return c;\n}",
        "int f(int[] a) {\n    int c = 0;\n    for (int i = 1; i <= a.length; i++)\n"
        "        c += a[i - 1];\n    return c;\n}",
        "'a[i]' reads past the end when 'i' is a.length",
    ),
    (
        "int f(int[] coins, int x) {\n    int[] dp = new int[x + 1];\n"
        "    Arrays.fill(dp, Integer.MAX_VALUE);\n    dp[0] = 0;\n"
        "    for (int s = 1; s <= x; s++)\n        for (int c : coins)\n            if (c <= s)\n"
        "                dp[s] = Math.min(dp[s], dp[s - c] + 1);\n"
        "    return dp[x] == Integer.MAX_VALUE ? -1 : dp[x];\n}",
        "int f(int[] coins, int x) {\n    int[] dp = new int[x + 1];\n"
        "    Arrays.fill(dp, Integer.MAX_VALUE);\n    dp[0] = 0;\n"
        "    for (int s = 1; s <= x; s++)\n        for (int c : coins)\n"
        "            if (c <= s && dp[s - c] != Integer.MAX_VALUE)\n"
        "                dp[s] = Math.min(dp[s], dp[s - c] + 1);\n"
        "    return dp[x] == Integer.MAX_VALUE ? -1 : dp[x];\n}",
        "'dp[s - c] + 1' passes the greatest value where 'dp[s - c]' is still it",
    ),
    (
        "int[][] f(int[][] a, int n, int m) {\n    int[][] t = new int[n][m];\n"
        "    for (int i = 0; i < n; i++)\n        for (int j = 0; j < m; j++)\n"
        "            t[j][i] = a[i][j];\n    return t;\n}",
        "int[][] f(int[][] a, int n, int m) {\n    int[][] t = new int[m][n];\n"
        "    for (int i = 0; i < n; i++)\n        for (int j = 0; j < m; j++)\n"
        "            t[j][i] = a[i][j];\n    return t;\n}",
        "'t[j][i]' runs each index along the other dimension of 't'",
    ),
    (
        "void f() {\n    Scanner sc = new Scanner(System.in);\n    int n = sc.nextInt();\n"
        "    for (int i = 0; i < n; i++)\n        System.out.println(sc.nextLine());\n}",
        "void f() {\n    Scanner sc = new Scanner(System.in);\n    int n = sc.nextInt();\n"
        "    sc.nextLine();\n"
        "    for (int i = 0; i < n; i++)\n        System.out.println(sc.nextLine());\n}",
        "'sc.nextLine()' reads the rest of the line of 'sc.nextInt()', not the next",
    ),
    (
        "int f(int[] a) {\n    int c = 0;\n    for (int i = 0; i < a.length; i++)\n"
        "        if (a[i] > a[i + 1]) c++;\n    return c;\n}",
        "int f(int[] a) {\n    int c = 0;\n    for (int i = 0; i < a.length - 1; i++)\n"
        "        if (a[i] > a[i + 1]) c++;\n    return c;\n}",
        "'a[i + 1]' reads past the end when 'i' is a.length - 1",
    ),
    (
        "int f(String s) {\n    int best = 0;\n    for (int i = 1; i < s.length(); i++)\n"
        "        best = Math.max(best, s.charAt(i) - s.charAt(i + 1));\n    return best;\n}",
        "int f(String s) {\n    int best = 0;\n    for (int i = 1; i < s.length(); i++)\n"
        "        best = Math.max(best, s.charAt(i) - s.charAt(i - 1));\n    return best;\n}",
        "'s.charAt(i + 1)' reads past the end when 'i' is s.length() - 1",
    ),
    (
        "long f(int[] a, int n) {\n    long[] pre = new long[n];\n"
        "    for (int i = 0; i < n; i++)\n        pre[i + 1] = pre[i] + a[i];\n"
        "    return pre[n - 1];\n}",
        "long f(int[] a, int n) {\n    long[] pre = new long[n + 1];\n"
        "    for (int i = 0; i < n; i++)\n        pre[i + 1] = pre[i] + a[i];\n"
        "    return pre[n - 1];\n}",
        "'pre[i + 1]' reads past the end when 'i' is n - 1",
    ),
    (
        "int f(int x) {\n    return x ^ 2;\n}",
        "int f(int x) {\n    return x * x;\n}",
        "'x ^ 2' is an exclusive or, not the square of 'x'",
    ),
    (
        "long f(long a) {\n    final int MOD = 10 ^ 9 + 7;\n    return a % MOD;\n}",
        "long f(long a) {\n    final int MOD = 1000000007;\n    return a % MOD;\n}",
        "'10 ^ 9 + 7' is an exclusive or, not 10 to the 9",
    ),
    (
        "boolean f(int[] a, int x) {\n    int i = 0, j = a.length - 1;\n    while (i < j) {\n"
        "        if (a[i] + a[j] == x) return true;\n        if (a[i] + a[j] < x) i++;\n"
        "        else j++;\n    }\n    return false;\n}",
        "boolean f(int[] a, int x) {\n    int i = 0, j = a.length - 1;\n    while (i < j) {\n"
        "        if (a[i] + a[j] == x) return true;\n        if (a[i] + a[j] < x) i++;\n"
        "        else j--;\n    }\n    return false;\n}",
        "'j++' moves 'j' away from 'i' in 'i < j'",
    ),
    (
        "long f(long[] a) {\n    long best = Long.MIN_VALUE;\n    for (long x : a)\n"
        "        best = Math.min(best, x);\n    return best;\n}",
        "long f(long[] a) {\n    long best = Long.MIN_VALUE;\n    for (long x : a)\n"
        "        best = Math.max(best, x);\n    return best;\n}",
        "'best = Math.min(best, x)' never changes 'best', which starts at the minimum",
    ),
    (
        "int f(int[] a) {\n    int lo = Integer.MAX_VALUE;\n    for (int x : a) {\n"
        "        lo = Math.max(x, lo);\n    }\n    return lo;\n}",
        "int f(int[] a) {\n    int lo = Integer.MAX_VALUE;\n    for (int x : a) {\n"
        "        lo = Math.min(x, lo);\n    }\n    return lo;\n}",
        "'lo = Math.max(x, lo)' never changes 'lo', which starts at the maximum",
    ),
    (
        "int f(int[] a) {\n    int mx = Integer.MIN_VALUE;\n"
        "    for (int i = 0; i < a.length; i++)\n        if (a[i] < mx) {\n"
        "            mx = a[i];\n        }\n    return mx;\n}",
        "int f(int[] a) {\n    int mx = Integer.MIN_VALUE;\n"
        "    for (int i = 0; i < a.length; i++)\n        if (a[i] > mx) {\n"
        "            mx = a[i];\n        }\n    return mx;\n}",
        "'a[i] < mx' never holds: 'mx' starts at its lowest",
    ),
    (
        "double f(double[] a) {\n    double mn = Double.POSITIVE_INFINITY;\n"
        "    for (double x : a)\n        if (mn < x) mn = x;\n    return mn;\n}",
        "double f(double[] a) {\n    double mn = Double.POSITIVE_INFINITY;\n"
        "    for (double x : a)\n        if (mn > x) mn = x;\n    return mn;\n}",
        "'mn < x' never holds: 'mn' starts at its highest",
    ),
    (
        "long f(long b, long e) {\n    long r = 1;\n    while (e > 0) {\n"
        "        if ((e & 1) == 1) r = r * b;\n        b = b * b;\n        e <<= 1;\n    }\n"
        "    return r;\n}",
        "long f(long b, long e) {\n    long r = 1;\n    while (e > 0) {\n"
        "        if ((e & 1) == 1) r = r * b;\n        b = b * b;\n        e >>= 1;\n    }\n"
        "    return r;\n}",
        "'e <<= 1' makes the lowest bit of 'e' 0, which the loop reads",
    ),
    (
        "int f(int n) {\n    int c = 0;\n    while (n != 0) {\n        c += n % 2;\n"
        "        n *= 2;\n    }\n    return c;\n}",
        "int f(int n) {\n    int c = 0;\n    while (n != 0) {\n        c += n % 2;\n"
        "        n /= 2;\n    }\n    return c;\n}",
        "'n *= 2' makes the lowest bit of 'n' 0, which the loop reads",
    ),
    (
        "long f(long[] t, long[] a) {\n    long totalWait = 0;\n"
        "    for (int i = 0; i < a.length; i++) {\n        totalWait = t[i] - a[i];\n    }\n"
        "    return totalWait;\n}",
        "long f(long[] t, long[] a) {\n    long totalWait = 0;\n"
        "    for (int i = 0; i < a.length; i++) {\n        totalWait += t[i] - a[i];\n    }\n"
        "    return totalWait;\n}",
        "'totalWait = t[i] - a[i]' replaces the totalWait at each pass, adding nothing",
    ),
    (
        "int f(int[] a) {\n    int sum = 0;\n    for (int x : a)\n        sum = x * x;\n"
        "    return sum;\n}",
        "int f(int[] a) {\n    int sum = 0;\n    for (int x : a)\n        sum += x * x;\n"
        "    return sum;\n}",
        "'sum = x * x' replaces the sum at each pass, adding nothing",
    ),
    (
        "long f(long best, int w, int h) {\n    return Math.max(best, w * h);\n}",
        "long f(long best, int w, int h) {\n    return Math.max(best, (long) w * h);\n}",
        "'w * h' is multiplied in int before it is a long",
    ),
    (
        "long f(int k) {\n    long mask = 1 << k;\n    return mask;\n}",
        "long f(int k) {\n    long mask = 1L << k;\n    return mask;\n}",
        "'1 << k' is shifted in int before it is a long",
    ),
    (
        "void f(int x) {\n    if (x > 0);\n    {\n        x++;\n    }\n}",
        "void f(int x) {\n    if (x > 0)\n    {\n        x++;\n    }\n}",
        "'if (x > 0);' has an empty body: the ';' ends it",
    ),
    (
        "int f(int n) {\n    int s = 0;\n    for (int i = 0; i < n; i++);\n    {\n"
        "        s++;\n    }\n    return s;\n}",
        "int f(int n) {\n    int s = 0;\n    for (int i = 0; i < n; i++)\n    {\n"
        "        s++;\n    }\n    return s;\n}",
        "'for (int i = 0; i < n; i++);' has an empty body: the ';' ends it",
    ),
    (
        "String f(String s) {\n    s.trim();\n    return s;\n}",
        "String f(String s) {\n    s = s.trim();\n    return s;\n}",
        "'s.trim()' makes a new String and drops it",
    ),
    (
        "BigInteger f(BigInteger sum, BigInteger x) {\n    sum.add(x);\n    return sum;\n}",
        "BigInteger f(BigInteger sum, BigInteger x) {\n    sum = sum.add(x);\n    return sum;\n}",
        "'sum.add(x)' makes a new BigInteger and drops it",
    ),
    (
        'String[] f(String line) {\n    return line.split(".");\n}',
        'String[] f(String line) {\n    return line.split("\\\\.");\n}',
        "'line.split(\".\")' reads \".\" as a regular expression, not as '.'",
    ),
    (
        "long f(int n, int k) {\n    return (long) Math.ceil(n / k);\n}",
        "long f(int n, int k) {\n    return (long) Math.ceil((double) n / k);\n}",
        "'n / k' divides integers before it is a double",
    ),
    (
        "boolean f(String s) {\n    for (int i = 0; i < s.length() / 2; i++) {\n"
        "        if (s.charAt(i) != s.charAt(s.length() - i)) return false;\n    }\n"
        "    return true;\n}",
        "boolean f(String s) {\n    for (int i = 0; i < s.length() / 2; i++) {\n"
        "        if (s.charAt(i) != s.charAt(s.length() - 1 - i)) return false;\n    }\n"
        "    return true;\n}",
        "'s.charAt(s.length() - i)' reads past the end when 'i' is 0",
    ),
    (
        "int f(int[] a) {\n    int k = 0;\n    for (int i = 0; i <= a.length; i++) {\n"
        "        if (a[i] > 0) k++;\n    }\n    return k;\n}",
        "int f(int[] a) {\n    int k = 0;\n    for (int i = 0; i < a.length; i++) {\n"
        "        if (a[i] > 0) k++;\n    }\n    return k;\n}",
        "'a[i]' reads past the end when 'i' is a.length",  # a condition always runs
    ),
    (
        "long f(long total, long bad) {\n    final long MOD = 998_244_353L;\n"
        "    return (total - bad) % MOD;\n}",
        "long f(long total, long bad) {\n    final long MOD = 998_244_353L;\n"
        "    return (total - bad + MOD) % MOD;\n}",
        "'(total - bad) % MOD' may be negative: 'total - bad' may be",
    ),
    (
        "long f(int good, int total) {\n    return good / total * 100;\n}",
        "long f(int good, int total) {\n    return good * 100 / total;\n}",
        "'good / total * 100' divides integers before it is a percentage",
    ),
    (
        "int f(String s) {\n    int v = 0;\n    for (int i = 0; i < s.length(); i++)\n"
        "        v = v * 10 + s.charAt(i);\n    return v;\n}",
        "int f(String s) {\n    int v = 0;\n    for (int i = 0; i < s.length(); i++)\n"
        "        v = v * 10 + (s.charAt(i) - '0');\n    return v;\n}",
        "'v * 10 + s.charAt(i)' adds the code of the digit 's.charAt(i)', not its value",
    ),
    (
        "double f(int h, int m) {\n    return h * 30 + m / 2;\n}",
        "double f(int h, int m) {\n    return h * 30 + m / 2.0;\n}",  # a literal: 2.0
        "'m / 2' divides integers before it is a double",
    ),
    (
        "int f(String name) {\n    if (name.isEmpty() || name == null) return 0;\n"
        "    return name.length();\n}",
        "int f(String name) {\n    if (name == null || name.isEmpty()) return 0;\n"
        "    return name.length();\n}",
        "'name.isEmpty() || name == null' checks 'name' for null after using it",
    ),
    (
        "void f(int[] a, int i, int j) {\n    int tmp = a[i];\n    a[i] = a[j];\n"
        "    a[i] = tmp;\n}",
        "void f(int[] a, int i, int j) {\n    int tmp = a[i];\n    a[i] = a[j];\n"
        "    a[j] = tmp;\n}",
        "'a[i] = tmp;' undoes 'a[i] = a[j];': the swap never writes a[j]",
    ),
    (
        "boolean f(int x, int low, int high) {\n    return x >= low || x <= high;\n}",
        "boolean f(int x, int low, int high) {\n    return x >= low && x <= high;\n}",
        "'x >= low || x <= high' is always true",
    ),
    (
        "boolean f(int x, int minValue, int maxValue) {\n"
        "    return x <= minValue && x >= maxValue;\n}",
        "boolean f(int x, int minValue, int maxValue) {\n"
        "    return x <= minValue || x >= maxValue;\n}",
        "'x <= minValue && x >= maxValue' is always false",
    ),
    (  # jsoup's Normalizer, as a repair offered it: lower-cases only what is null
        'String f(String input) {\n    return input == null ? input.toLowerCase() : "";\n}',
        'String f(String input) {\n    return input != null ? input.toLowerCase() : "";\n}',
        "'input == null ? input.toLowerCase() : \"\"' uses 'input' where its condition lets it"
        " fail",
    ),
    (
        "int f(String s) {\n    return s != null ? 0 : s.length();\n}",
        "int f(String s) {\n    return s == null ? 0 : s.length();\n}",
        "'s != null ? 0 : s.length()' uses 's' where its condition lets it fail",
    ),
    (  # ManySStuBs4J 3615: the comparison takes the whole concatenation
        'String f(Object u) {\n    return "at " + u == null ? "" : u.toString();\n}',
        'String f(Object u) {\n    return "at " + (u == null ? "" : u.toString());\n}',
        "'\"at \" + u' is never null",
    ),
    (  # contest dev's bit_subsets: the subsets of n things are the masks below 1 << n
        "int f(long[] a, int n, long t) {\n    int c = 0;\n"
        "    for (int mask = 0; mask < n; mask++) {\n        long s = 0;\n"
        "        for (int i = 0; i < n; i++) if ((mask >> i & 1) == 1) s += a[i];\n"
        "        if (s == t) c++;\n    }\n    return c;\n}",
        "int f(long[] a, int n, long t) {\n    int c = 0;\n"
        "    for (int mask = 0; mask < (1 << n); mask++) {\n        long s = 0;\n"
        "        for (int i = 0; i < n; i++) if ((mask >> i & 1) == 1) s += a[i];\n"
        "        if (s == t) c++;\n    }\n    return c;\n}",
        "'mask' runs below n, not over the subsets of its bits",
    ),
    (  # contest dev's prefix_2d: the column runs to the row count
        "long[][] f(int n, int m, long[][] a) {\n    long[][] p = new long[n + 1][m + 1];\n"
        "    for (int i = 1; i <= n; i++)\n        for (int j = 1; j <= n; j++)\n"
        "            p[i][j] = a[i - 1][j - 1] + p[i - 1][j] + p[i][j - 1] - p[i - 1][j - 1];\n"
        "    return p;\n}",
        "long[][] f(int n, int m, long[][] a) {\n    long[][] p = new long[n + 1][m + 1];\n"
        "    for (int i = 1; i <= n; i++)\n        for (int j = 1; j <= m; j++)\n"
        "            p[i][j] = a[i - 1][j - 1] + p[i - 1][j] + p[i][j - 1] - p[i - 1][j - 1];\n"
        "    return p;\n}",
        "'j' runs to n, the other dimension of 'p'",
    ),
    (
        "int[][] f(int h, int w) {\n    int[][] g = new int[h][w];\n"
        "    for (int i = 0; i < w; i++)\n        for (int j = 0; j < w; j++)\n"
        "            g[i][j] = i + j;\n    return g;\n}",
        "int[][] f(int h, int w) {\n    int[][] g = new int[h][w];\n"
        "    for (int i = 0; i < h; i++)\n        for (int j = 0; j < w; j++)\n"
        "            g[i][j] = i + j;\n    return g;\n}",
        "'i' runs to w, the other dimension of 'g'",
    ),
    (  # contest dev's grid_paths: the guard of the cell to the left reads the one above
        "long f(long[][] dp, int h, int w) {\n    for (int i = 0; i < h; i++)\n"
        "        for (int j = 0; j < w; j++) {\n"
        "            if (i > 0) dp[i][j] += dp[i - 1][j];\n"
        "            if (j > 0) dp[i][j] += dp[i - 1][j];\n        }\n"
        "    return dp[h - 1][w - 1];\n}",
        "long f(long[][] dp, int h, int w) {\n    for (int i = 0; i < h; i++)\n"
        "        for (int j = 0; j < w; j++) {\n"
        "            if (i > 0) dp[i][j] += dp[i - 1][j];\n"
        "            if (j > 0) dp[i][j] += dp[i][j - 1];\n        }\n"
        "    return dp[h - 1][w - 1];\n}",
        "'j > 0' guards 'dp[i - 1][j]', which never reads at j - 1",
    ),
    (
        "long f(long[][] dp, int h, int w) {\n    for (int i = 0; i < h; i++)\n"
        "        for (int j = 0; j < w; j++) {\n"
        "            if (i >= 1) dp[i][j] += dp[i][j - 1];\n"
        "            if (j >= 1) dp[i][j] += dp[i][j - 1];\n        }\n"
        "    return dp[h - 1][w - 1];\n}",
        "long f(long[][] dp, int h, int w) {\n    for (int i = 0; i < h; i++)\n"
        "        for (int j = 0; j < w; j++) {\n"
        "            if (i >= 1) dp[i][j] += dp[i - 1][j];\n"
        "            if (j >= 1) dp[i][j] += dp[i][j - 1];\n        }\n"
        "    return dp[h - 1][w - 1];\n}",
        "'i >= 1' guards 'dp[i][j - 1]', which never reads at i - 1",
    ),
    (  # contest dev's lcs_strings: rows and columns from 1 stand for prefixes, both read at - 1
        "int f(String s, String t) {\n    int n = s.length(), m = t.length();\n"
        "    int[][] dp = new int[n + 1][m + 1];\n    for (int i = 1; i <= n; i++)\n"
        "        for (int j = 1; j <= m; j++)\n            if (s.charAt(i) == t.charAt(j))\n"
        "                dp[i][j] = dp[i - 1][j - 1] + 1;\n"
        "            else\n                dp[i][j] = Math.max(dp[i - 1][j], dp[i][j - 1]);\n"
        "    return dp[n][m];\n}",
        "int f(String s, String t) {\n    int n = s.length(), m = t.length();\n"
        "    int[][] dp = new int[n + 1][m + 1];\n    for (int i = 1; i <= n; i++)\n"
        "        for (int j = 1; j <= m; j++)\n"
        "            if (s.charAt(i - 1) == t.charAt(j - 1))\n"
        "                dp[i][j] = dp[i - 1][j - 1] + 1;\n"
        "            else\n                dp[i][j] = Math.max(dp[i - 1][j], dp[i][j - 1]);\n"
        "    return dp[n][m];\n}",
        "'t.charAt(j)' reads past the end when 'j' is m",
    ),
    (  # contest dev's dfs_components: round a cycle for ever
        "static void dfs(int u) {\n    for (int v : adj[u]) {\n        if (!seen[v]) {\n"
        "            dfs(v);\n        }\n    }\n}",
        "static void dfs(int u) {\n    seen[u] = true;\n    for (int v : adj[u]) {\n"
        "        if (!seen[v]) {\n            dfs(v);\n        }\n    }\n}",
        "'dfs' tests 'seen[v]' before it goes on but never sets it",
    ),
    (
        "void visit(int node, int depth) {\n    for (int next : graph.get(node)) {\n"
        "        if (done[next]) continue;\n        visit(next, depth + 1);\n    }\n}",
        "void visit(int node, int depth) {\n    done[node] = true;\n"
        "    for (int next : graph.get(node)) {\n"
        "        if (done[next]) continue;\n        visit(next, depth + 1);\n    }\n}",
        "'visit' tests 'done[next]' before it goes on but never sets it",
    ),
    (  # contest dev's stock_profit: the least price so far less the price is never above 0
        "long f(long[] ps) {\n    long low = Long.MAX_VALUE, best = 0;\n    for (long p : ps) {\n"
        "        low = Math.min(low, p);\n        best = Math.max(best, low - p);\n    }\n"
        "    return best;\n}",
        "long f(long[] ps) {\n    long low = Long.MAX_VALUE, best = 0;\n    for (long p : ps) {\n"
        "        low = Math.min(low, p);\n        best = Math.max(best, p - low);\n    }\n"
        "    return best;\n}",
        "'low - p' is never above 0: 'low' is the running min",
    ),
    (  # contest dev's bfs_grid: a cell queued again and again
        GRID_SEARCH.replace(" SEEN", ""),
        GRID_SEARCH.replace(" SEEN", " || dist[r][k] != -1"),
        "'dist[r][k]' is set but never tested for -1: the search queues it again",
    ),
    (
        "int f(java.util.List<Integer>[] adj, int n) {\n    int[] dist = new int[n];\n"
        "    java.util.Arrays.fill(dist, -1);\n"
        "    java.util.Deque<Integer> q = new java.util.ArrayDeque<>();\n"
        "    q.add(0);\n    dist[0] = 0;\n    while (!q.isEmpty()) {\n        int u = q.poll();\n"
        "        for (int v : adj[u]) {\n            dist[v] = dist[u] + 1;\n"
        "            q.add(v);\n"
        "        }\n    }\n    return dist[n - 1];\n}",
        "int f(java.util.List<Integer>[] adj, int n) {\n    int[] dist = new int[n];\n"
        "    java.util.Arrays.fill(dist, -1);\n"
        "    java.util.Deque<Integer> q = new java.util.ArrayDeque<>();\n"
        "    q.add(0);\n    dist[0] = 0;\n    while (!q.isEmpty()) {\n        int u = q.poll();\n"
        "        for (int v : adj[u]) {\n            if (dist[v] != -1) continue;\n"
        "            dist[v] = dist[u] + 1;\n            q.add(v);\n"
        "        }\n    }\n    return dist[n - 1];\n}",
        "'dist[v]' is set but never tested for -1: the search queues it again",
    ),
    (  # a classic: the square of a million as an int is -727379968
        "long f() {\n    long big = 1000000 * 1000000;\n    return big;\n}",
        "long f() {\n    long big = 1000000L * 1000000;\n    return big;\n}",
        "'1000000 * 1000000' passes an int's range before it is anything: it wraps",
    ),
    (  # contest dev's caesar_shift: 'z' shifted by 3 is '}'
        "String f(String s, int k) {\n    StringBuilder sb = new StringBuilder();\n"
        "    for (char c : s.toCharArray()) sb.append((char) ('a' + (c - 'a' + k)));\n"
        "    return sb.toString();\n}",
        "String f(String s, int k) {\n    StringBuilder sb = new StringBuilder();\n"
        "    for (char c : s.toCharArray()) sb.append((char) ('a' + (c - 'a' + k) % 26));\n"
        "    return sb.toString();\n}",
        "''a' + (c - 'a' + k)' runs past 'z': it never wraps round",
    ),
    (  # contest dev's hashmap_count: the first word of each kind throws
        "int f(String[] ws) {\n"
        "    java.util.Map<String, Integer> count = new java.util.HashMap<>();\n"
        "    int best = 0;\n    for (String w : ws) {\n        int c = count.get(w) + 1;\n"
        "        count.put(w, c);\n        best = Math.max(best, c);\n    }\n    return best;\n}",
        "int f(String[] ws) {\n"
        "    java.util.Map<String, Integer> count = new java.util.HashMap<>();\n"
        "    int best = 0;\n    for (String w : ws) {\n"
        "        int c = count.getOrDefault(w, 0) + 1;\n"
        "        count.put(w, c);\n        best = Math.max(best, c);\n    }\n    return best;\n}",
        "'count.get(w)' is null the first time 'w' comes",
    ),
]

# correct code that looks like a bug to a careless check
CORRECT = [
    'String f(String s) {\n    return s == null ? "" : s.trim();\n}',
    "String f(String s) {\n    return s == null ? String.valueOf(s) : s;\n}",
    "int f(java.util.ArrayDeque<Integer> d) {\n    return d.isEmpty() ? 0 : d.pop();\n}",
    "boolean f(String a, String b) {\n    return a == b || a != null && a.equals(b);\n}",
    "boolean f(String a) {\n    return a == null;\n}",
    "boolean f(String a, Object o) {\n    return a == o;\n}",  # an Object: identity
    # a name that says max of something else; a value kept that is not the one tested; a
    # method that returns another value than the one the test keeps
    "int maxCost(int[] a) {\n    int best = a[0];\n    for (int x : a) if (x < best) best = x;\n"
    "    return best;\n}",
    "int max(int[] a, int[] b) {\n    int best = a[0];\n"
    "    for (int i = 0; i < a.length; i++) if (a[i] < best) best = b[i];\n    return best;\n}",
    "int max(int[] a) {\n    int best = a[0], at = 0;\n"
    "    for (int i = 0; i < a.length; i++) if (a[i] < best) best = a[i];\n    return at;\n}",
    "boolean f(String a) {\n    return a == (Object) other();\n}",
    "boolean f(String a, T t) {\n    return a == t.name() || a.equals(t.name());\n}",
    "boolean f(String a) {\n    return a == NO_PACKAGE;\n}",  # a sentinel, by identity
    "boolean f(String a) {\n    return this.a != C.NONE;\n}",
    "long f(int n) {\n    return n * 2;\n}",  # a literal: the author knows its size
    "long f(long a, int b) {\n    long x = a * b;\n    return x;\n}",
    "double f(double sum, int n) {\n    double avg = sum / n;\n    return avg;\n}",
    "int f(int a, int b) {\n    int q = a / b;\n    return q;\n}",
    "boolean f(char c) {\n    return c == 'a' || c == 'e';\n}",
    "boolean f(int x, int y) {\n    return x == 1 && y == 2;\n}",
    "boolean f(String s) {\n    return s == null || s.isEmpty();\n}",
    "boolean f(String s) {\n    return s != null && s.isEmpty();\n}",
    "int f(java.util.Deque<Integer> st) {\n    return st.isEmpty() || st.peek() > 0 ? 1 : 0;\n}",
    "void f(int[] dp, int i, int j) {\n    dp[i] = Math.max(dp[i], dp[j] + 1);\n}",
    "int f(int cur, int x) {\n    return Math.max(x, cur + x);\n}",
    "boolean f(int a, int b, int c) {\n    return a * b > c;\n}",
    "void f(int[] d) {\n    Arrays.fill(d, Integer.MAX_VALUE);\n}",
    # a bound declared by the loop, a step in the condition, a loop that may stop early
    "void f(List<Future<?>> fs, int j) {\n    for (int n = fs.size(); j < n; j++) fs.get(j);\n}",
    "void f(byte[] b, long r) {\n    for (int n = 8; n-- > 0; r >>>= 8) b[n] = (byte) r;\n}",
    "int f(int[] a, int k) {\n    int i = 0;\n    for (int j = 0; j < k; i++) {\n"
    "        if (a[i] > 0) break;\n    }\n    return i;\n}",
    # reads at the length that never happen, or guarded, or one before it
    "int f(int[] a) {\n    int s = 0;\n    for (int i = 0; i < a.length; i++) s += a[i];\n"
    "    return s;\n}",
    "int f(int[] a) {\n    int s = 0;\n    for (int i = 0; i <= a.length; i++)\n"
    "        if (i < a.length) s += a[i];\n    return s;\n}",
    "int f(int[] a) {\n    int s = 0;\n    for (int i = a.length; i > 0; i--) s += a[i - 1];\n"
    "    return s;\n}",
    'String f(String s) {\n    String t = "";\n    for (int i = 0; i <= s.length(); i++)\n'
    "        t += s.substring(i);\n    return t;\n}",
    "int f(Map<Integer, Integer> m) {\n    return m.get(m.size());\n}",  # a key, not an index
    # a product reduced by a small modulus, or given to a long (the long check says so)
    "int f(int a, int b) {\n    return a * b % 1000;\n}",
    "int f(int a) {\n    return a * 31 % 1_000_000_007;\n}",
    "int f(int a, int b, int mod) {\n    return a * b % mod;\n}",
    "int f(int a, int b) {\n    int m = 1_000_000_007;\n    m = 7;\n    return a * b % m;\n}",
    "void f(int a, int b) {\n    int x = 0;\n    x = x;\n}",  # no field: no bug, no fix
    # boxed numbers unboxed by a primitive, compared by value too, or Booleans (two values)
    "boolean f(List<Integer> a, int x) {\n    return a.get(0) == x;\n}",
    "boolean f(Integer a, Integer b) {\n    return a == b || a != null && a.equals(b);\n}",
    "boolean f(Integer a) {\n    return a == null;\n}",
    "boolean f(Boolean a, Boolean b) {\n    return a == b;\n}",
    "boolean f(Map<Integer, String> m, Integer k) {\n    return m.get(k) == null;\n}",
    # arrays of n + 1, or assigned again, or a size that changes; a read guarded
    "int f(int n) {\n    int[] a = new int[n + 1];\n    int k = 0;\n"
    "    for (int i = 1; i <= n; i++) k += a[i];\n    return k + a[n];\n}",
    "int f(int n, int[] b) {\n    int[] a = new int[n];\n    a = b;\n    int k = 0;\n"
    "    for (int i = 0; i <= n; i++) k += a[i];\n    return k;\n}",
    "int f(int n) {\n    int[] a = new int[n];\n    n--;\n    return a[n];\n}",
    "int f(int n) {\n    int[] a = new int[n];\n    int k = 0;\n"
    "    for (int i = 1; i <= n; i++) if (i < n) k += a[i];\n    return k;\n}",
    # a String or a char cast, no number; a number with a String
    "void f(String s, StringBuilder sb) {\n    sb.append(s + ' ');\n}",
    "void f(int k, StringBuilder sb) {\n    sb.append((char) (k + 'a'));\n}",
    "void f(int k) {\n    System.out.println(\"\" + k + ' ');\n}",
    # a long narrowed by a small remainder, a hash, a long target
    "int f(long x) {\n    int s = 0;\n    s += x % 10;\n    return s;\n}",
    "int f(long[] v) {\n    int hash = 7;\n    hash += v[0] * 31;\n    return hash;\n}",
    "long f(long[] v) {\n    long s = 0;\n    s += v[0];\n    return s;\n}",
    # a quotient's step, a loop that may stop early; max of ints; a literal or an int shift
    "int f(int x) {\n    int s = 0;\n    while (x > 0) {\n        s += x % 10;\n"
    "        x /= 10;\n    }\n    return s;\n}",
    "int f(int x) {\n    while (x != 0) {\n        x %= 10;\n        if (x < 5) break;\n"
    "    }\n    return x;\n}",
    "int f(int best, int w, int h) {\n    return Math.max(best, w * h);\n}",
    "long f(int k) {\n    long m = 1 << 20;\n    int n = 1 << k;\n    return m + n;\n}",
    # a search loop with no body, an if with an else; results kept, a builder's; patterns
    "int f(int[] a, int x) {\n    int i;\n    for (i = 0; a[i] != x; i++);\n    return i;\n}",
    "void f(int x) {\n    if (x > 0);\n    else x++;\n}",
    "String f(String s, StringBuilder b) {\n    s = s.trim();\n    b.append(s);\n"
    "    b.reverse();\n    return s.toUpperCase();\n}",
    'String[] f(String s) {\n    return s.split("\\\\.") ;\n}',
    'String[] f(String s) {\n    s.replace(".", ",").length();\n    return s.split(",");\n}',
    "int f(int n, int k) {\n    return (int) Math.floor(n / k);\n}",  # already the floor
    # the right of a && and a loop that may leave first do not always run; i from 1
    "int f(int[] a) {\n    int k = 0;\n    for (int i = 0; i <= a.length; i++)\n"
    "        if (i < a.length && a[i] > 0) k++;\n    return k;\n}",
    "boolean f(String s) {\n    for (int i = 0; i < s.length(); i++) {\n"
    "        if (s.isEmpty()) return true;\n        if (s.charAt(s.length() - i) > 0) k++;\n"
    "    }\n    return false;\n}",
    "int f(int[] a) {\n    int t = 0;\n    for (int i = 1; i <= a.length; i++)\n"
    "        t += a[a.length - i];\n    return t;\n}",
    # a small modulus, a sum; a quotient meant (n / 2 * 100); a hash of characters
    "int f(int a, int b) {\n    return (a - b) % 7 + (a + b) % 1_000_000_007;\n}",
    "int f(int n) {\n    return n / 2 * 100;\n}",
    "int f(String s) {\n    int h = 0;\n    for (int i = 0; i < s.length(); i++)\n"
    "        h = h * 31 + s.charAt(i);\n    return h;\n}",
    # a null check of another variable after a use; a getter of a property with no field
    "boolean f(String s, String t) {\n    return t.isEmpty() || s == null;\n}",
    "int getArea() {\n    return width * height;\n}",
    # ranges the right way, outside a range, across a wrap; a swap; a value saved and reset
    "boolean f(int x, int lo, int hi) {\n    return x <= hi && x >= lo;\n}",
    "boolean f(int x, int low, int high) {\n    return x > high || x < low;\n}",
    "boolean f(int hour) {\n    return hour >= 22 || hour <= 6;\n}",
    "boolean f(int d, int start, int end) {\n    if (end >= start) return d >= start && d <= end;\n"
    "    return d >= start || d <= end;\n}",
    "void f(int[] a, int i, int j) {\n    int tmp = a[i];\n    a[i] = a[j];\n    a[j] = tmp;\n}",
    "void f(int[] a, int i) {\n    int old = a[i];\n    a[i] = 0;\n    a[i] = old;\n}",
    # a length kept in a local that changes, or of an array that changes, after it
    "int f(String s) {\n    int n = s.length();\n    n--;\n    int c = 0;\n"
    "    for (int i = 1; i <= n; i++) c += s.charAt(i);\n    return c;\n}",
    "Object[] f(Object[] es, Object e) {\n    int len = es.length;\n"
    "    es = Arrays.copyOf(es, len + 1);\n    es[len] = e;\n    return es;\n}",
    # a table filled with the greatest value: every element reached (a chain from dp[0]),
    # the element tested before (continue), half the value, Dijkstra's reached node
    "int f(int n) {\n    int[] dp = new int[n + 1];\n    Arrays.fill(dp, Integer.MAX_VALUE);\n"
    "    dp[0] = 0;\n    for (int i = 1; i <= n; i++) dp[i] = Math.min(dp[i], dp[i - 1] + 1);\n"
    "    return dp[n];\n}",
    "int f(int[] coins, int x) {\n    int[] dp = new int[x + 1];\n"
    "    Arrays.fill(dp, Integer.MAX_VALUE);\n    dp[0] = 0;\n    for (int s = 1; s <= x; s++)\n"
    "        for (int c : coins) {\n"
    "            if (c > s || dp[s - c] == Integer.MAX_VALUE) continue;\n"
    "            dp[s] = Math.min(dp[s], dp[s - c] + 1);\n        }\n"
    "    return dp[x] == Integer.MAX_VALUE ? -1 : dp[x];\n}",
    "int f(int n) {\n    int[] dp = new int[n + 1];\n    Arrays.fill(dp, Integer.MAX_VALUE / 2);\n"
    "    for (int i = 1; i <= n; i++) dp[i] = Math.min(dp[i], dp[i - 1] + 1);\n"
    "    return dp[n] == Integer.MAX_VALUE / 2 ? -1 : dp[n];\n}",
    "void f(int[] dist, int u, int v, int w) {\n    Arrays.fill(dist, Integer.MAX_VALUE);\n"
    "    dist[v] = Math.min(dist[v], dist[u] + w);\n"
    "    if (dist[v] == Integer.MAX_VALUE) dist[v] = -1;\n}",
    # a square transposed, a grid read its own way, sizes that change after
    "int[][] f(int[][] a, int n) {\n    int[][] t = new int[n][n];\n"
    "    for (int i = 0; i < n; i++)\n        for (int j = 0; j < n; j++)\n"
    "            t[j][i] = a[i][j];\n    return t;\n}",
    "int f(int h, int w) {\n    int[][] g = new int[h][w];\n    for (int i = 0; i < h; i++)\n"
    "        for (int j = 0; j < w; j++) g[i][j] = i + j;\n    return g[h - 1][w - 1];\n}",
    "int[][] f(int[][] a, int n, int m) {\n    int[][] t = new int[n][m];\n    n = m;\n"
    "    for (int i = 0; i < n; i++)\n        for (int j = 0; j < m; j++)\n"
    "            t[j][i] = a[i][j];\n    return t;\n}",
    # a line read first, a line read after a line, a token read after a line; the rest of
    # the line meant: trimmed after a number ("3 green apples"), after a word (a command)
    "void f(Scanner in) {\n    int k = in.nextInt();\n    String item = in.nextLine().trim();\n"
    "    System.out.println(item + k);\n}",
    "void f(Scanner in) {\n    String op = in.next();\n    String arg = in.nextLine();\n"
    "    System.out.println(op + arg);\n}",
    "void f(Scanner in) {\n    String s = in.nextLine();\n    int n = in.nextInt();\n"
    "    System.out.println(s + n);\n}",
    "void f(Scanner in) {\n    in.nextInt();\n    in.nextLine();\n    String s = in.nextLine();\n"
    "    System.out.println(s);\n}",
    # the element after read one before the end, under a guard, or before leaving
    "int f(int[] a) {\n    int c = 0;\n    for (int i = 0; i + 1 < a.length; i++)\n"
    "        if (a[i] > a[i + 1]) c++;\n    return c;\n}",
    "int f(int[] a) {\n    int c = 0;\n    for (int i = 0; i < a.length; i++)\n"
    "        if (i + 1 < a.length && a[i] > a[i + 1]) c++;\n    return c;\n}",
    "int f(int[] a) {\n    for (int i = 0; i < a.length; i++)\n"
    "        if (a[i] > a[i + 1]) return i;\n    return -1;\n}",
    "long f(int[] a, int n) {\n    long[] pre = new long[n + 1];\n"
    "    for (int i = 0; i < n; i++)\n        pre[i + 1] = pre[i] + a[i];\n    return pre[n];\n}",
    # exclusive or of booleans, of a bit, of two variables
    "boolean f(boolean a, boolean b) {\n    return a ^ b ^ true;\n}",
    "int f(int x, int mask) {\n    return (x ^ 1) + (x ^ mask);\n}",
    # two pointers that close in, one pointer alone, a binary search's assignments
    "void f(int[] a) {\n    int lo = 0, hi = a.length - 1;\n    while (lo < hi) {\n"
    "        int t = a[lo];\n        a[lo++] = a[hi];\n        a[hi--] = t;\n    }\n}",
    "int f(int n) {\n    int i = 0;\n    while (i < n) i++;\n    return i;\n}",
    "int f(int[] a, int x) {\n    int lo = 0, hi = a.length;\n    while (lo < hi) {\n"
    "        int mid = (lo + hi) / 2;\n        if (a[mid] < x) lo = mid + 1;\n"
    "        else hi = mid;\n    }\n    return lo;\n}",
    # a search from the extreme that moves (max from the least), or that is reset
    "long f(long[] a) {\n    long best = Long.MIN_VALUE;\n    for (long x : a)\n"
    "        best = Math.max(best, x);\n    return best;\n}",
    "long f(long[] a) {\n    long best = Long.MIN_VALUE;\n    best = a[0];\n    for (long x : a)\n"
    "        best = Math.min(best, x);\n    return best;\n}",
    "int f(int[] a) {\n    int lo = Integer.MAX_VALUE;\n    for (int x : a)\n"
    "        if (x < lo) lo = x;\n    return lo;\n}",
    "double f(double[] a) {\n    double m = Double.MIN_VALUE;\n    for (double x : a)\n"
    "        m = Math.min(m, x);\n    return m;\n}",  # the least positive double
    # bits enumerated from 1 by a left shift; bits read from the top
    "int f(int m) {\n    int c = 0;\n    int b = 1;\n    while (b != 0) {\n"
    "        if ((m & b) != 0) c++;\n        b <<= 1;\n    }\n    return c;\n}",
    "int f(int e) {\n    int c = 0;\n    while (e > 0) {\n        if (e < 0) c++;\n"
    "        e <<= 1;\n    }\n    return c;\n}",
    # the last value kept, a total read in the loop, reset per pass, or not a total by name
    "int f(int[] a) {\n    int last = 0;\n    for (int x : a)\n        last = x;\n"
    "    return last;\n}",
    "int f(int[] a) {\n    int sum = 0;\n    for (int x : a) {\n        if (sum > 9) break;\n"
    "        sum = x;\n    }\n    return sum;\n}",
    "int f(int[][] g) {\n    int best = 0;\n    for (int[] r : g) {\n        int sum = 0;\n"
    "        for (int x : r) sum += x;\n        best = Math.max(best, sum);\n    }\n"
    "    return best;\n}",
    "int f(int[] a) {\n    int summary = 0;\n    for (int x : a)\n        summary = x;\n"
    "    return summary;\n}",
    "int f(int[] a) {\n    int count = 0;\n    for (int x : a)\n        if (x > 0) count = x;\n"
    "    return count;\n}",
    # the masks below 1 << n; a counter below n that is no mask; bits of another bound
    "int f(int n) {\n    int c = 0;\n    for (int mask = 0; mask < (1 << n); mask++)\n"
    "        for (int i = 0; i < n; i++) if ((mask & (1 << i)) != 0) c++;\n    return c;\n}",
    "int f(int n, int k) {\n    int c = 0;\n    for (int x = 0; x < n; x++)\n"
    "        for (int i = 0; i < k; i++) if ((x >> i & 1) == 1) c++;\n    return c;\n}",
    # MatrixInverse of java-algorithms fills the left half of [A | I]; a square grid
    "double[][] f(double[][] a, int n) {\n    double[][] g = new double[n][n * 2];\n"
    "    for (int i = 0; i < n; i++)\n        for (int j = 0; j < n; j++)\n"
    "            g[i][j] = a[i][j];\n    return g;\n}",
    "int[][] f(int n) {\n    int[][] g = new int[n][n];\n    for (int i = 0; i < n; i++)\n"
    "        for (int j = 0; j < n; j++)\n            g[i][j] = i * j;\n    return g;\n}",
    # a guard of the cell to the left that reads it, and one of a row that reads above
    "long f(long[][] dp, int i, int j) {\n    if (j > 0) dp[i][j] += dp[i][j - 1];\n"
    "    return dp[i][j];\n}",
    "long f(long[][] dp, int i, int j) {\n    if (j > 0) dp[i][j] = dp[i - 1][j] + dp[i][j - 1];\n"
    "    return dp[i][j];\n}",
    # a search that marks where it is, or before it goes on, or hands its flags on
    "static void dfs(int u) {\n    seen[u] = true;\n"
    "    for (int v : adj[u]) if (!seen[v]) dfs(v);\n}",
    "static void dfs(int u) {\n    for (int v : adj[u])\n"
    "        if (!seen[v]) {\n            seen[v] = true;\n            dfs(v);\n        }\n}",
    # constants within an int, or long ones
    "int f() {\n    return 1000 * 1000 * 1000;\n}",
    "long f() {\n    return 1000000L * 1000000;\n}",
    "long f() {\n    return (long) 1e9 * 1000;\n}",
    "long f() {\n    return 1_000_000_007 * 2 + 5;\n}",
    # a shift that wraps, a letter's own code, one past 'a' by a constant
    "char f(char c, int k) {\n    return (char) ('a' + (c - 'a' + k) % 26);\n}",
    "char f(char c) {\n    return (char) ('a' + (c - 'a'));\n}",
    "char f(int i) {\n    return (char) ('a' + i);\n}",
    # counts that ask first, a map filled before, a map handed in
    "int f(String[] ws) {\n    java.util.Map<String, Integer> m = new java.util.HashMap<>();\n"
    "    for (String w : ws) {\n        if (!m.containsKey(w)) m.put(w, 0);\n"
    "        m.put(w, m.get(w) + 1);\n    }\n    return m.size();\n}",
    "int f(String[] ws) {\n    java.util.Map<String, Integer> m = new java.util.HashMap<>();\n"
    "    for (String w : ws) m.put(w, 0);\n    for (String w : ws) m.put(w, m.get(w) + 1);\n"
    "    return m.size();\n}",
    "int f(String[] ws, java.util.Map<String, Integer> m) {\n"
    "    for (String w : ws) m.put(w, m.get(w) + 1);\n    return m.size();\n}",
    # the greatest drop (the least so far set after), and the greatest rise
    "long f(long[] ps) {\n    long high = 0, best = 0;\n    for (long p : ps) {\n"
    "        best = Math.max(best, high - p);\n        high = Math.max(high, p);\n    }\n"
    "    return best;\n}",
    "long f(long[] ps) {\n    long low = Long.MAX_VALUE, best = 0;\n    for (long p : ps) {\n"
    "        low = Math.min(low, p);\n        best = Math.max(best, p - low);\n    }\n"
    "    return best;\n}",
    # a search that tests the cell it sets, or a table not filled with -1
    "int f(java.util.List<Integer>[] adj, int n) {\n    int[] dist = new int[n];\n"
    "    java.util.Arrays.fill(dist, -1);\n"
    "    java.util.Deque<Integer> q = new java.util.ArrayDeque<>();\n"
    "    q.add(0);\n    dist[0] = 0;\n    while (!q.isEmpty()) {\n        int u = q.poll();\n"
    "        for (int v : adj[u])\n            if (dist[v] == -1) {\n"
    "                dist[v] = dist[u] + 1;\n                q.add(v);\n            }\n    }\n"
    "    return dist[n - 1];\n}",
    "int f(java.util.List<Integer>[] adj, int n, boolean[] seen) {\n"
    "    int[] dist = new int[n];\n"
    "    java.util.Deque<Integer> q = new java.util.ArrayDeque<>();\n"
    "    q.add(0);\n    while (!q.isEmpty()) {\n        int u = q.poll();\n"
    "        for (int v : adj[u]) {\n            if (seen[v]) continue;\n"
    "            seen[v] = true;\n"
    "            dist[v] = dist[u] + 1;\n            q.add(v);\n        }\n    }\n"
    "    return dist[n - 1];\n}",
    "int f(java.util.List<Integer>[] adj, int n, boolean[] seen) {\n"
    "    int[] dist = new int[n];\n    java.util.Arrays.fill(dist, -1);\n"
    "    java.util.Deque<Integer> q = new java.util.ArrayDeque<>();\n"
    "    q.add(0);\n    while (!q.isEmpty()) {\n        int u = q.poll();\n"
    "        for (int v : adj[u])\n            if (!seen[v]) {\n"
    "                seen[v] = true;\n                dist[v] = dist[u] + 1;\n"
    "                q.add(v);\n            }\n    }\n    return dist[n - 1];\n}",
    # YensKShortestPaths of java-algorithms: a parent filled with -1, set as a distance falls
    "int[] f(long[][] w, int n, long[] dist) {\n    int[] parent = new int[n];\n"
    "    java.util.Arrays.fill(parent, -1);\n"
    "    java.util.Deque<Integer> q = new java.util.ArrayDeque<>();\n    q.add(0);\n"
    "    while (!q.isEmpty()) {\n        int u = q.poll();\n"
    "        for (int v = 0; v < n; v++)\n            if (dist[u] + w[u][v] < dist[v]) {\n"
    "                dist[v] = dist[u] + w[u][v];\n                parent[v] = u;\n"
    "                q.add(v);\n            }\n    }\n    return parent;\n}",
    "static void dfs(int u, boolean[] seen) {\n    mark(seen, u);\n"
    "    for (int v : adj[u]) if (!seen[v]) dfs(v, seen);\n}",
]


@pytest.mark.parametrize(("buggy", "fixed", "what"), BUGS, ids=[w for _, _, w in BUGS])
def test_each_check_finds_its_bug_at_its_line_and_not_in_the_fix(buggy, fixed, what):
    (found,) = validity.suspicions(buggy)
    assert found.what == what
    assert found.code in buggy.split("\n")[found.row]
    assert validity.suspicions(fixed) == []
    if found.fix is not None:  # the check's own fix is the fix (all but Math.max's)
        start, end, new = found.fix
        assert buggy[:start] + new + buggy[end:] == fixed
    else:
        assert "Math.max" in what


def test_a_fix_lands_where_its_code_is_past_wide_characters():
    text = 'boolean f(String s, String r) {\n    String é = "ü"; // 😀\n    return s == r;\n}'
    ((_, _, code, (start, end, new)),) = validity.suspicions(text)
    assert text[start:end] == code == "s == r" and new == "s.equals(r)"


@pytest.mark.parametrize(
    ("buggy", "fixed"),
    [
        (  # the JDK's StringLatin1 shape: three comparisons of one line, one fix of them all
            'boolean f(String lang) {\n    if (lang == "tr" || lang == "az" || lang == "lt") {\n'
            "        return true;\n    }\n    return false;\n}",
            'boolean f(String lang) {\n    if (lang.equals("tr") || lang.equals("az") || '
            'lang.equals("lt")) {\n        return true;\n    }\n    return false;\n}',
        ),
        (  # through parentheses and &&; a comparison by value and one of ints left as they are
            'boolean f(String a, String b, int n) {\n    return n > 0 && (a != "x" && b == a)'
            ' || "y".equals(a) || n == 3;\n}',
            'boolean f(String a, String b, int n) {\n    return n > 0 && (!a.equals("x") &&'
            ' b.equals(a)) || "y".equals(a) || n == 3;\n}',
        ),
        (  # over two lines of one condition
            'boolean f(String s) {\n    return s == "yes"\n        || s == "y";\n}',
            'boolean f(String s) {\n    return s.equals("yes")\n        || s.equals("y");\n}',
        ),
    ],
)
def test_strings_compared_by_reference_in_one_condition_are_fixed_together(buggy, fixed):
    found = validity.suspicions(buggy)
    assert len(found) == fixed.count(".equals(") - buggy.count(".equals(")  # one each
    assert all("compares Strings by reference" in s.what for s in found)
    for s in found:  # each likely bug's own fix is the whole condition's
        start, end, new = s.fix
        assert buggy[:start] + new + buggy[end:] == fixed
    assert validity.suspicions(fixed) == []


def test_strings_compared_by_reference_in_separate_conditions_are_fixed_apart():
    buggy = 'void f(String s) {\n    if (s == "a") g();\n    if (s == "b") h();\n}'
    first, second = validity.suspicions(buggy)
    for s, want in ((first, 'if (s.equals("a")) g();'), (second, 'if (s.equals("b")) h();')):
        start, end, new = s.fix
        assert want in buggy[:start] + new + buggy[end:]
        assert (buggy[:start] + new + buggy[end:]).count(".equals") == 1


@pytest.mark.parametrize("text", CORRECT)
def test_correct_idioms_are_not_suspected(text):
    assert validity.suspicions(text) == []


def test_a_candidate_that_adds_a_likely_bug_makes_no_sense_one_that_keeps_it_does():
    buggy, fixed, what = BUGS[0]
    env = validity.Environment(written=tuple(validity.problems(fixed)))
    assert validity.problems(buggy, env) == [what]  # the fix made buggy: added
    kept = validity.Environment(written=tuple(validity.problems(buggy)))
    other = buggy.replace("return s == r;", "return s == r && true;")
    assert validity.problems(other, kept) == []  # the user's own, left alone: excused


def test_the_line_is_the_methods_own():
    text = "long f(int[] a) {\n    int x = 0;\n\n    long p = a[0] * a[1];\n    return p + x;\n}"
    assert [s.row for s in validity.suspicions(text)] == [3]


def _suspects(text: str) -> tuple[list[str], list[tuple[validity.Suspect, ...]]]:
    """The methods of the file ``text`` and the likely bugs of each, in its environment."""
    doc = JavaSource(text)
    methods = [text[m.start : m.end] for m in doc.methods]
    return methods, [validity.environment(doc, m).suspects for m in doc.methods]


def test_a_parameter_assigned_to_itself_is_the_field_it_hides():
    text = (
        "class A {\n    static final int MOD = 1_000_000_007;\n    private int size;\n\n"
        "    A(int size) {\n        size = size;\n    }\n\n"
        "    static void g(int size) {\n        size = size;\n    }\n\n"
        "    int h(int a, int b) {\n        return a * b % MOD;\n    }\n}\n"
    )
    methods, found = _suspects(text)
    constructor, static, product = found
    ((row, what, code, (start, end, new)),) = constructor
    method = methods[0]
    assert what == "'size = size' assigns 'size' to itself, not to the field"
    assert method.split("\n")[row].strip() == "size = size;"
    assert method[:start] + new + method[end:] == method.replace("size = size", "this.size = size")
    assert static == ()  # a static method has no field to mean
    ((_, what, _, (start, end, new)),) = product  # the field's value is the modulus
    assert what == "'a * b' is multiplied in int before '% MOD'"
    assert new == "(int) ((long) a * b % MOD)"


GETTERS = (
    "class P {\n    private int x;\n    private int y;\n    private String name;\n\n"
    "    int getX() {\n        return x;\n    }\n\n"
    "    int getY() {\n        return x;\n    }\n\n"
    "    int getZ() {\n        return y;\n    }\n\n"
    "    String getName() {\n        return name;\n    }\n}\n"
)
ARGUMENTS = (
    "class A {\n    static int count(long[] a, long lo, long hi) {\n"
    "        return 0;\n    }\n\n    static void f(long[] a, long lo, long hi) {\n"
    "        System.out.println(count(a, hi, lo));\n"
    "    }\n\n    static void edge(int from, int to) {\n        link(from, to);\n"
    "        link(to, from);\n    }\n\n    static void link(int from, int to) {\n    }\n\n"
    "    static int gcd(int a, int b) {\n"
    "        return a < b ? gcd(b, a) : b == 0 ? a : gcd(b, a % b);\n"
    "    }\n\n    static boolean less(int i, int j) {\n        return i < j;\n    }\n\n"
    "    static boolean more(int i, int j) {\n        return less(j, i);\n    }\n}\n"
)
MODULAR = (
    "class M {\n    static final long MOD = 1_000_000_007;\n\n"
    "    static long c(long[] f, int n, int k) {\n"
    "        return f[n] * pow(f[k], MOD - 1) % MOD * pow(f[n - k], MOD - 1) % MOD;\n"
    "    }\n\n"
    "    static long fib(int n) {\n        long[] f = new long[n + 2];\n        f[1] = 1;\n"
    "        for (int i = 2; i <= n; i++) f[i] = f[i - 1] + f[i - 2];\n        return f[n];\n"
    "    }\n\n    static long pow(long b, long e) {\n        long r = 1;\n"
    "        for (b %= MOD; e > 0; e >>= 1, b = b * b % MOD)\n"
    "            if ((e & 1) == 1) r = r * b % MOD;\n"
    "        return r;\n    }\n\n    static boolean prime(long a, long n) {\n"
    "        return pow(a, n - 1) == 1;\n    }\n}\n"
)


@pytest.mark.parametrize(
    ("text", "counts", "k", "what", "old", "new"),
    [
        (  # no field z: getZ may compute it
            GETTERS,
            [0, 1, 0, 0],
            1,
            "'getY()' returns 'x', not the field 'y'",
            "return x",
            "return y",
        ),
        (  # both ways round; in the method itself; names of one letter
            ARGUMENTS,
            [0, 1, 0, 0, 0, 0, 0],
            1,
            "'count(a, hi, lo)' passes 'hi' as 'lo' and the reverse",
            "(a, hi, lo)",
            "(a, lo, hi)",
        ),
        (  # n - 1 of any n is a Fermat test
            MODULAR,
            [1, 1, 0, 0],
            0,
            "'MOD - 1' makes the power 1, not the inverse (Fermat)",
            "MOD - 1",
            "MOD - 2",
        ),
        (
            MODULAR,
            [1, 1, 0, 0],
            1,
            "'f[i - 1] + f[i - 2]' grows past any integer: it is never reduced by MOD",
            "f[i - 1] + f[i - 2]",
            "(f[i - 1] + f[i - 2]) % MOD",
        ),
    ],
    ids=["getter", "arguments", "inverse", "recurrence"],
)
def test_likely_bugs_that_need_the_file(text, counts, k, what, old, new):
    """Checks that read the file around a method: its fields, methods and constants."""
    methods, found = _suspects(text)
    assert [len(f) for f in found] == counts
    ((_, said, _, (start, end, fix)),) = found[k]
    assert said == what
    assert methods[k][:start] + fix + methods[k][end:] == methods[k].replace(old, new)


def test_without_a_prime_modulus_a_recurrence_is_what_it_is():
    assert _suspects(MODULAR.replace("1_000_000_007", "10"))[1][1] == ()
