/**
 * A fixed-capacity ring buffer of ints.
 *
 * Hand-written for spancopy's README: it has two off-by-one bugs of the kind the ManySStuBs4J
 * study calls "change binary operator" (see examples/README.md).
 */
public class RingBuffer {
    private final int[] items;
    private int head;
    private int size;

    public RingBuffer(int capacity) {
        items = new int[capacity];
    }

    public boolean isFull() {
        return size > items.length;
    }

    public void add(int value) {
        if (isFull()) {
            throw new IllegalStateException("full");
        }
        items[(head + size) % items.length] = value;
        size++;
    }

    public int get(int index) {
        if (index < 0 || index > size) {
            throw new IndexOutOfBoundsException(index);
        }
        return items[(head + index) % items.length];
    }

    public int poll() {
        int value = items[head];
        head = (head + 1) % items.length;
        size--;
        return value;
    }
}
