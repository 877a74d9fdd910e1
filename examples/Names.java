import java.util.List;

/** Counts and averages over a list of names: two bugs that compile. */
public class Names {
    /** How many of {@code names} are {@code wanted}. */
    static int count(List<String> names, String wanted) {
        int n = 0;
        for (String name : names) {
            if (name == wanted) {
                n++;
            }
        }
        return n;
    }

    /** The mean length of {@code names}. */
    static double meanLength(List<String> names) {
        int total = 0;
        for (String name : names) {
            total += name.length();
        }
        return total / names.size();
    }
}
