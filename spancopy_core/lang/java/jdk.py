"""What the Java library types that user code calls most offer (JDK 17, read by reflection:
their public methods with the numbers of arguments each accepts and, where every overload
agrees on a primitive, ``String`` or ``void`` type, that return type; their constructors and
public fields), for :mod:`spancopy_core.lang.java.validity`; a few members of later JDKs are
added so that code written for them is never refused (:data:`_LATER`).
Design notes: docs/design.md#lang-java-validity.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Member:
    """A method (or the constructors, ``new``): the argument counts it accepts, the least
    count of a variable-arity overload (None: none has one) and its return type ("": an
    object, generic or differing between overloads)."""

    counts: frozenset[int]
    varargs: int | None
    returns: str

    def accepts(self, count: int) -> bool:
        """Whether some overload takes ``count`` arguments."""
        return count in self.counts or (self.varargs is not None and count >= self.varargs)


@dataclass(frozen=True)
class LibraryType:
    """The members of one library type: methods by name (``new``: its constructors, absent
    when it has none) and public fields with their types ("" when not a primitive or
    ``String``)."""

    methods: dict[str, Member]
    fields: dict[str, str]


# Object's methods, which every type has (an interface's too)
OBJECT_METHODS = frozenset("equals hashCode toString getClass notify notifyAll wait".split())

# type -> "method/counts[/return]" (counts: "+n" for n or more), "new/counts", "FIELD:type"
_TABLE = {
    "String": (
        "charAt/1/char chars/0 codePointAt/1/int codePointBefore/1/int codePointCount/2/int "
        "codePoints/0 compareTo/1/int compareToIgnoreCase/1/int concat/1/String "
        "contains/1/boolean contentEquals/1/boolean copyValueOf/1,3/String describeConstable/0 "
        "endsWith/1/boolean equalsIgnoreCase/1/boolean format/+1,+2/String formatted/+0/String "
        "getBytes/0,1,4 getChars/4/void indent/1/String indexOf/1,2/int intern/0/String "
        "isBlank/0/boolean isEmpty/0/boolean join/+1,2/String lastIndexOf/1,2/int length/0/int "
        "lines/0 matches/1/boolean offsetByCodePoints/2/int regionMatches/4,5/boolean "
        "repeat/1/String replace/2/String replaceAll/2/String replaceFirst/2/String "
        "resolveConstantDesc/1 split/1,2/String[] startsWith/1,2/boolean strip/0/String "
        "stripIndent/0/String stripLeading/0/String stripTrailing/0/String subSequence/2 "
        "substring/1,2/String toCharArray/0/char[] toLowerCase/0,1/String "
        "toUpperCase/0,1/String transform/1 translateEscapes/0/String trim/0/String "
        "valueOf/1,3/String new/0,1,2,3,4 CASE_INSENSITIVE_ORDER: "
    ),
    "StringBuilder": (
        "append/1,3 appendCodePoint/1 capacity/0/int charAt/1/char chars/0 codePointAt/1/int "
        "codePointBefore/1/int codePointCount/2/int codePoints/0 compareTo/1/int delete/2 "
        "deleteCharAt/1 ensureCapacity/1/void getChars/4/void indexOf/1,2/int insert/2,4 "
        "isEmpty/0/boolean lastIndexOf/1,2/int length/0/int offsetByCodePoints/2/int replace/3 "
        "reverse/0 setCharAt/2/void setLength/1/void subSequence/2 substring/1,2/String "
        "trimToSize/0/void new/0,1 "
    ),
    "Scanner": (
        "close/0/void delimiter/0 findAll/1 findInLine/1/String findWithinHorizon/2/String "
        "forEachRemaining/1/void hasNext/0,1/boolean hasNextBigDecimal/0/boolean "
        "hasNextBigInteger/0,1/boolean hasNextBoolean/0/boolean hasNextByte/0,1/boolean "
        "hasNextDouble/0/boolean hasNextFloat/0/boolean hasNextInt/0,1/boolean "
        "hasNextLine/0/boolean hasNextLong/0,1/boolean hasNextShort/0,1/boolean ioException/0 "
        "locale/0 match/0 next/0,1 nextBigDecimal/0 nextBigInteger/0,1 nextBoolean/0/boolean "
        "nextByte/0,1/byte nextDouble/0/double nextFloat/0/float nextInt/0,1/int "
        "nextLine/0/String nextLong/0,1/long nextShort/0,1/short radix/0/int remove/0/void "
        "reset/0 skip/1 tokens/0 useDelimiter/1 useLocale/1 useRadix/1 new/1,2 "
    ),
    "List": (
        "add/1,2 addAll/1,2/boolean clear/0/void contains/1/boolean containsAll/1/boolean "
        "copyOf/1 forEach/1/void get/1 indexOf/1/int isEmpty/0/boolean iterator/0 "
        "lastIndexOf/1/int listIterator/0,1 of/+0,0,1,10,2,3,4,5,6,7,8,9 parallelStream/0 "
        "remove/1 removeAll/1/boolean removeIf/1/boolean replaceAll/1/void retainAll/1/boolean "
        "set/2 size/0/int sort/1/void spliterator/0 stream/0 subList/2 toArray/0,1 "
    ),
    "ArrayList": (
        "add/1,2 addAll/1,2/boolean clear/0/void clone/0 contains/1/boolean "
        "containsAll/1/boolean ensureCapacity/1/void forEach/1/void get/1 indexOf/1/int "
        "isEmpty/0/boolean iterator/0 lastIndexOf/1/int listIterator/0,1 parallelStream/0 "
        "remove/1 removeAll/1/boolean removeIf/1/boolean replaceAll/1/void retainAll/1/boolean "
        "set/2 size/0/int sort/1/void spliterator/0 stream/0 subList/2 toArray/0,1 "
        "trimToSize/0/void new/0,1 "
    ),
    "LinkedList": (
        "add/1,2 addAll/1,2/boolean addFirst/1/void addLast/1/void clear/0/void clone/0 "
        "contains/1/boolean containsAll/1/boolean descendingIterator/0 element/0 forEach/1/void "
        "get/1 getFirst/0 getLast/0 indexOf/1/int isEmpty/0/boolean iterator/0 "
        "lastIndexOf/1/int listIterator/0,1 offer/1/boolean offerFirst/1/boolean "
        "offerLast/1/boolean parallelStream/0 peek/0 peekFirst/0 peekLast/0 poll/0 pollFirst/0 "
        "pollLast/0 pop/0 push/1/void remove/0,1 removeAll/1/boolean removeFirst/0 "
        "removeFirstOccurrence/1/boolean removeIf/1/boolean removeLast/0 "
        "removeLastOccurrence/1/boolean replaceAll/1/void retainAll/1/boolean set/2 size/0/int "
        "sort/1/void spliterator/0 stream/0 subList/2 toArray/0,1 new/0,1 "
    ),
    "Map": (
        "clear/0/void compute/2 computeIfAbsent/2 computeIfPresent/2 containsKey/1/boolean "
        "containsValue/1/boolean copyOf/1 entry/2 entrySet/0 forEach/1/void get/1 "
        "getOrDefault/2 isEmpty/0/boolean keySet/0 merge/3 of/0,10,12,14,16,18,2,20,4,6,8 "
        "ofEntries/+0 put/2 putAll/1/void putIfAbsent/2 remove/1,2 replace/2,3 "
        "replaceAll/1/void size/0/int values/0 "
    ),
    "HashMap": (
        "clear/0/void clone/0 compute/2 computeIfAbsent/2 computeIfPresent/2 "
        "containsKey/1/boolean containsValue/1/boolean entrySet/0 forEach/1/void get/1 "
        "getOrDefault/2 isEmpty/0/boolean keySet/0 merge/3 put/2 putAll/1/void putIfAbsent/2 "
        "remove/1,2 replace/2,3 replaceAll/1/void size/0/int values/0 new/0,1,2 "
    ),
    "TreeMap": (
        "ceilingEntry/1 ceilingKey/1 clear/0/void clone/0 comparator/0 compute/2 "
        "computeIfAbsent/2 computeIfPresent/2 containsKey/1/boolean containsValue/1/boolean "
        "descendingKeySet/0 descendingMap/0 entrySet/0 firstEntry/0 firstKey/0 floorEntry/1 "
        "floorKey/1 forEach/1/void get/1 getOrDefault/2 headMap/1,2 higherEntry/1 higherKey/1 "
        "isEmpty/0/boolean keySet/0 lastEntry/0 lastKey/0 lowerEntry/1 lowerKey/1 merge/3 "
        "navigableKeySet/0 pollFirstEntry/0 pollLastEntry/0 put/2 putAll/1/void putIfAbsent/2 "
        "remove/1,2 replace/2,3 replaceAll/1/void size/0/int subMap/2,4 tailMap/1,2 values/0 "
        "new/0,1 "
    ),
    "Set": (
        "add/1/boolean addAll/1/boolean clear/0/void contains/1/boolean containsAll/1/boolean "
        "copyOf/1 forEach/1/void isEmpty/0/boolean iterator/0 of/+0,0,1,10,2,3,4,5,6,7,8,9 "
        "parallelStream/0 remove/1/boolean removeAll/1/boolean removeIf/1/boolean "
        "retainAll/1/boolean size/0/int spliterator/0 stream/0 toArray/0,1 "
    ),
    "HashSet": (
        "add/1/boolean addAll/1/boolean clear/0/void clone/0 contains/1/boolean "
        "containsAll/1/boolean forEach/1/void isEmpty/0/boolean iterator/0 parallelStream/0 "
        "remove/1/boolean removeAll/1/boolean removeIf/1/boolean retainAll/1/boolean size/0/int "
        "spliterator/0 stream/0 toArray/0,1 new/0,1,2 "
    ),
    "TreeSet": (
        "add/1/boolean addAll/1/boolean ceiling/1 clear/0/void clone/0 comparator/0 "
        "contains/1/boolean containsAll/1/boolean descendingIterator/0 descendingSet/0 first/0 "
        "floor/1 forEach/1/void headSet/1,2 higher/1 isEmpty/0/boolean iterator/0 last/0 "
        "lower/1 parallelStream/0 pollFirst/0 pollLast/0 remove/1/boolean removeAll/1/boolean "
        "removeIf/1/boolean retainAll/1/boolean size/0/int spliterator/0 stream/0 subSet/2,4 "
        "tailSet/1,2 toArray/0,1 new/0,1 "
    ),
    "Deque": (
        "add/1/boolean addAll/1/boolean addFirst/1/void addLast/1/void clear/0/void "
        "contains/1/boolean containsAll/1/boolean descendingIterator/0 element/0 forEach/1/void "
        "getFirst/0 getLast/0 isEmpty/0/boolean iterator/0 offer/1/boolean offerFirst/1/boolean "
        "offerLast/1/boolean parallelStream/0 peek/0 peekFirst/0 peekLast/0 poll/0 pollFirst/0 "
        "pollLast/0 pop/0 push/1/void remove/0,1 removeAll/1/boolean removeFirst/0 "
        "removeFirstOccurrence/1/boolean removeIf/1/boolean removeLast/0 "
        "removeLastOccurrence/1/boolean retainAll/1/boolean size/0/int spliterator/0 stream/0 "
        "toArray/0,1 "
    ),
    "ArrayDeque": (
        "add/1/boolean addAll/1/boolean addFirst/1/void addLast/1/void clear/0/void clone/0 "
        "contains/1/boolean containsAll/1/boolean descendingIterator/0 element/0 forEach/1/void "
        "getFirst/0 getLast/0 isEmpty/0/boolean iterator/0 offer/1/boolean offerFirst/1/boolean "
        "offerLast/1/boolean parallelStream/0 peek/0 peekFirst/0 peekLast/0 poll/0 pollFirst/0 "
        "pollLast/0 pop/0 push/1/void remove/0,1 removeAll/1/boolean removeFirst/0 "
        "removeFirstOccurrence/1/boolean removeIf/1/boolean removeLast/0 "
        "removeLastOccurrence/1/boolean retainAll/1/boolean size/0/int spliterator/0 stream/0 "
        "toArray/0,1 new/0,1 "
    ),
    "Queue": (
        "add/1/boolean addAll/1/boolean clear/0/void contains/1/boolean containsAll/1/boolean "
        "element/0 forEach/1/void isEmpty/0/boolean iterator/0 offer/1/boolean parallelStream/0 "
        "peek/0 poll/0 remove/0,1 removeAll/1/boolean removeIf/1/boolean retainAll/1/boolean "
        "size/0/int spliterator/0 stream/0 toArray/0,1 "
    ),
    "PriorityQueue": (
        "add/1/boolean addAll/1/boolean clear/0/void comparator/0 contains/1/boolean "
        "containsAll/1/boolean element/0 forEach/1/void isEmpty/0/boolean iterator/0 "
        "offer/1/boolean parallelStream/0 peek/0 poll/0 remove/0,1 removeAll/1/boolean "
        "removeIf/1/boolean retainAll/1/boolean size/0/int spliterator/0 stream/0 toArray/0,1 "
        "new/0,1,2 "
    ),
    "Stack": (
        "add/1,2 addAll/1,2/boolean addElement/1/void capacity/0/int clear/0/void clone/0 "
        "contains/1/boolean containsAll/1/boolean copyInto/1/void elementAt/1 elements/0 "
        "empty/0/boolean ensureCapacity/1/void firstElement/0 forEach/1/void get/1 "
        "indexOf/1,2/int insertElementAt/2/void isEmpty/0/boolean iterator/0 lastElement/0 "
        "lastIndexOf/1,2/int listIterator/0,1 parallelStream/0 peek/0 pop/0 push/1 remove/1 "
        "removeAll/1/boolean removeAllElements/0/void removeElement/1/boolean "
        "removeElementAt/1/void removeIf/1/boolean replaceAll/1/void retainAll/1/boolean "
        "search/1/int set/2 setElementAt/2/void setSize/1/void size/0/int sort/1/void "
        "spliterator/0 stream/0 subList/2 toArray/0,1 trimToSize/0/void new/0 "
    ),
    "Math": (
        "IEEEremainder/2/double abs/1 absExact/1 acos/1/double addExact/2 asin/1/double "
        "atan/1/double atan2/2/double cbrt/1/double ceil/1/double copySign/2 cos/1/double "
        "cosh/1/double decrementExact/1 exp/1/double expm1/1/double floor/1/double floorDiv/2 "
        "floorMod/2 fma/3 getExponent/1/int hypot/2/double incrementExact/1 log/1/double "
        "log10/1/double log1p/1/double max/2 min/2 multiplyExact/2 multiplyFull/2/long "
        "multiplyHigh/2/long negateExact/1 nextAfter/2 nextDown/1 nextUp/1 pow/2/double "
        "random/0/double rint/1/double round/1 scalb/2 signum/1 sin/1/double sinh/1/double "
        "sqrt/1/double subtractExact/2 tan/1/double tanh/1/double toDegrees/1/double "
        "toIntExact/1/int toRadians/1/double ulp/1 E:double PI:double "
    ),
    "Integer": (
        "bitCount/1/int byteValue/0/byte compare/2/int compareTo/1/int compareUnsigned/2/int "
        "decode/1 describeConstable/0 divideUnsigned/2/int doubleValue/0/double "
        "floatValue/0/float getInteger/1,2 highestOneBit/1/int intValue/0/int longValue/0/long "
        "lowestOneBit/1/int max/2/int min/2/int numberOfLeadingZeros/1/int "
        "numberOfTrailingZeros/1/int parseInt/1,2,4/int parseUnsignedInt/1,2,4/int "
        "remainderUnsigned/2/int resolveConstantDesc/1 reverse/1/int reverseBytes/1/int "
        "rotateLeft/2/int rotateRight/2/int shortValue/0/short signum/1/int sum/2/int "
        "toBinaryString/1/String toHexString/1/String toOctalString/1/String "
        "toUnsignedLong/1/long toUnsignedString/1,2/String valueOf/1,2 new/1 BYTES:int "
        "MAX_VALUE:int MIN_VALUE:int SIZE:int TYPE: "
    ),
    "Long": (
        "bitCount/1/int byteValue/0/byte compare/2/int compareTo/1/int compareUnsigned/2/int "
        "decode/1 describeConstable/0 divideUnsigned/2/long doubleValue/0/double "
        "floatValue/0/float getLong/1,2 highestOneBit/1/long intValue/0/int longValue/0/long "
        "lowestOneBit/1/long max/2/long min/2/long numberOfLeadingZeros/1/int "
        "numberOfTrailingZeros/1/int parseLong/1,2,4/long parseUnsignedLong/1,2,4/long "
        "remainderUnsigned/2/long resolveConstantDesc/1 reverse/1/long reverseBytes/1/long "
        "rotateLeft/2/long rotateRight/2/long shortValue/0/short signum/1/int sum/2/long "
        "toBinaryString/1/String toHexString/1/String toOctalString/1/String "
        "toUnsignedString/1,2/String valueOf/1,2 new/1 BYTES:int MAX_VALUE:long MIN_VALUE:long "
        "SIZE:int TYPE: "
    ),
    "Character": (
        "charCount/1/int charValue/0/char codePointAt/2,3/int codePointBefore/2,3/int "
        "codePointCount/3/int codePointOf/1/int compare/2/int compareTo/1/int "
        "describeConstable/0 digit/2/int forDigit/2/char getDirectionality/1/byte "
        "getName/1/String getNumericValue/1/int getType/1/int highSurrogate/1/char "
        "isAlphabetic/1/boolean isBmpCodePoint/1/boolean isDefined/1/boolean isDigit/1/boolean "
        "isHighSurrogate/1/boolean isISOControl/1/boolean isIdentifierIgnorable/1/boolean "
        "isIdeographic/1/boolean isJavaIdentifierPart/1/boolean isJavaIdentifierStart/1/boolean "
        "isJavaLetter/1/boolean isJavaLetterOrDigit/1/boolean isLetter/1/boolean "
        "isLetterOrDigit/1/boolean isLowSurrogate/1/boolean isLowerCase/1/boolean "
        "isMirrored/1/boolean isSpace/1/boolean isSpaceChar/1/boolean "
        "isSupplementaryCodePoint/1/boolean isSurrogate/1/boolean isSurrogatePair/2/boolean "
        "isTitleCase/1/boolean isUnicodeIdentifierPart/1/boolean "
        "isUnicodeIdentifierStart/1/boolean isUpperCase/1/boolean isValidCodePoint/1/boolean "
        "isWhitespace/1/boolean lowSurrogate/1/char offsetByCodePoints/3,5/int "
        "reverseBytes/1/char toChars/1,3 toCodePoint/2/int toLowerCase/1 toTitleCase/1 "
        "toUpperCase/1 valueOf/1 new/1 BYTES:int COMBINING_SPACING_MARK:byte "
        "CONNECTOR_PUNCTUATION:byte CONTROL:byte CURRENCY_SYMBOL:byte DASH_PUNCTUATION:byte "
        "DECIMAL_DIGIT_NUMBER:byte DIRECTIONALITY_ARABIC_NUMBER:byte "
        "DIRECTIONALITY_BOUNDARY_NEUTRAL:byte DIRECTIONALITY_COMMON_NUMBER_SEPARATOR:byte "
        "DIRECTIONALITY_EUROPEAN_NUMBER:byte DIRECTIONALITY_EUROPEAN_NUMBER_SEPARATOR:byte "
        "DIRECTIONALITY_EUROPEAN_NUMBER_TERMINATOR:byte "
        "DIRECTIONALITY_FIRST_STRONG_ISOLATE:byte DIRECTIONALITY_LEFT_TO_RIGHT:byte "
        "DIRECTIONALITY_LEFT_TO_RIGHT_EMBEDDING:byte DIRECTIONALITY_LEFT_TO_RIGHT_ISOLATE:byte "
        "DIRECTIONALITY_LEFT_TO_RIGHT_OVERRIDE:byte DIRECTIONALITY_NONSPACING_MARK:byte "
        "DIRECTIONALITY_OTHER_NEUTRALS:byte DIRECTIONALITY_PARAGRAPH_SEPARATOR:byte "
        "DIRECTIONALITY_POP_DIRECTIONAL_FORMAT:byte DIRECTIONALITY_POP_DIRECTIONAL_ISOLATE:byte "
        "DIRECTIONALITY_RIGHT_TO_LEFT:byte DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC:byte "
        "DIRECTIONALITY_RIGHT_TO_LEFT_EMBEDDING:byte DIRECTIONALITY_RIGHT_TO_LEFT_ISOLATE:byte "
        "DIRECTIONALITY_RIGHT_TO_LEFT_OVERRIDE:byte DIRECTIONALITY_SEGMENT_SEPARATOR:byte "
        "DIRECTIONALITY_UNDEFINED:byte DIRECTIONALITY_WHITESPACE:byte ENCLOSING_MARK:byte "
        "END_PUNCTUATION:byte FINAL_QUOTE_PUNCTUATION:byte FORMAT:byte "
        "INITIAL_QUOTE_PUNCTUATION:byte LETTER_NUMBER:byte LINE_SEPARATOR:byte "
        "LOWERCASE_LETTER:byte MATH_SYMBOL:byte MAX_CODE_POINT:int MAX_HIGH_SURROGATE:char "
        "MAX_LOW_SURROGATE:char MAX_RADIX:int MAX_SURROGATE:char MAX_VALUE:char "
        "MIN_CODE_POINT:int MIN_HIGH_SURROGATE:char MIN_LOW_SURROGATE:char MIN_RADIX:int "
        "MIN_SUPPLEMENTARY_CODE_POINT:int MIN_SURROGATE:char MIN_VALUE:char "
        "MODIFIER_LETTER:byte MODIFIER_SYMBOL:byte NON_SPACING_MARK:byte OTHER_LETTER:byte "
        "OTHER_NUMBER:byte OTHER_PUNCTUATION:byte OTHER_SYMBOL:byte PARAGRAPH_SEPARATOR:byte "
        "PRIVATE_USE:byte SIZE:int SPACE_SEPARATOR:byte START_PUNCTUATION:byte SURROGATE:byte "
        "TITLECASE_LETTER:byte TYPE: UNASSIGNED:byte UPPERCASE_LETTER:byte "
    ),
    "Double": (
        "byteValue/0/byte compare/2/int compareTo/1/int describeConstable/0 "
        "doubleToLongBits/1/long doubleToRawLongBits/1/long doubleValue/0/double "
        "floatValue/0/float intValue/0/int isFinite/1/boolean isInfinite/0,1/boolean "
        "isNaN/0,1/boolean longBitsToDouble/1/double longValue/0/long max/2/double min/2/double "
        "parseDouble/1/double resolveConstantDesc/1 shortValue/0/short sum/2/double "
        "toHexString/1/String valueOf/1 new/1 BYTES:int MAX_EXPONENT:int MAX_VALUE:double "
        "MIN_EXPONENT:int MIN_NORMAL:double MIN_VALUE:double NEGATIVE_INFINITY:double "
        "NaN:double POSITIVE_INFINITY:double SIZE:int TYPE: "
    ),
    "Boolean": (
        "booleanValue/0/boolean compare/2/int compareTo/1/int describeConstable/0 "
        "getBoolean/1/boolean logicalAnd/2/boolean logicalOr/2/boolean logicalXor/2/boolean "
        "parseBoolean/1/boolean valueOf/1 new/1 FALSE: TRUE: TYPE: "
    ),
    "Arrays": (
        "asList/+0 binarySearch/2,3,4,5/int compare/2,3,6,7/int compareUnsigned/2,6/int "
        "copyOf/2,3 copyOfRange/3,4 deepEquals/2/boolean deepHashCode/1/int "
        "deepToString/1/String fill/2,4/void mismatch/2,3,6,7/int parallelPrefix/2,4/void "
        "parallelSetAll/2/void parallelSort/1,2,3,4/void setAll/2/void sort/1,2,3,4/void "
        "spliterator/1,3 stream/1,3 "
    ),
    "Collections": (
        "addAll/+1/boolean asLifoQueue/1 binarySearch/2,3/int checkedCollection/2 checkedList/2 "
        "checkedMap/3 checkedNavigableMap/3 checkedNavigableSet/2 checkedQueue/2 checkedSet/2 "
        "checkedSortedMap/3 checkedSortedSet/2 copy/2/void disjoint/2/boolean "
        "emptyEnumeration/0 emptyIterator/0 emptyList/0 emptyListIterator/0 emptyMap/0 "
        "emptyNavigableMap/0 emptyNavigableSet/0 emptySet/0 emptySortedMap/0 emptySortedSet/0 "
        "enumeration/1 fill/2/void frequency/2/int indexOfSubList/2/int "
        "lastIndexOfSubList/2/int list/1 max/1,2 min/1,2 nCopies/2 newSetFromMap/1 "
        "replaceAll/3/boolean reverse/1/void reverseOrder/0,1 rotate/2/void shuffle/1,2/void "
        "singleton/1 singletonList/1 singletonMap/2 sort/1,2/void swap/3/void "
        "synchronizedCollection/1 synchronizedList/1 synchronizedMap/1 "
        "synchronizedNavigableMap/1 synchronizedNavigableSet/1 synchronizedSet/1 "
        "synchronizedSortedMap/1 synchronizedSortedSet/1 unmodifiableCollection/1 "
        "unmodifiableList/1 unmodifiableMap/1 unmodifiableNavigableMap/1 "
        "unmodifiableNavigableSet/1 unmodifiableSet/1 unmodifiableSortedMap/1 "
        "unmodifiableSortedSet/1 EMPTY_LIST: EMPTY_MAP: EMPTY_SET: "
    ),
    "StringTokenizer": (
        "asIterator/0 countTokens/0/int hasMoreElements/0/boolean hasMoreTokens/0/boolean "
        "nextElement/0 nextToken/0,1/String new/1,2,3 "
    ),
    "BufferedReader": (
        "close/0/void lines/0 mark/1/void markSupported/0/boolean nullReader/0 read/0,1,3/int "
        "readLine/0/String ready/0/boolean reset/0/void skip/1/long transferTo/1/long new/1,2 "
    ),
    "PrintWriter": (
        "append/1,3 checkError/0/boolean close/0/void flush/0/void format/+1,+2 nullWriter/0 "
        "print/1/void printf/+1,+2 println/0,1/void write/1,3/void new/1,2,3 "
    ),
    "PrintStream": (
        "append/1,3 checkError/0/boolean close/0/void flush/0/void format/+1,+2 "
        "nullOutputStream/0 print/1/void printf/+1,+2 println/0,1/void write/1,3/void "
        "writeBytes/1/void new/1,2,3 "
    ),
    "System": (
        "arraycopy/5/void clearProperty/1/String console/0 currentTimeMillis/0/long exit/1/void "
        "gc/0/void getLogger/1,2 getProperties/0 getProperty/1,2/String getSecurityManager/0 "
        "getenv/0,1 identityHashCode/1/int inheritedChannel/0 lineSeparator/0/String "
        "load/1/void loadLibrary/1/void mapLibraryName/1/String nanoTime/0/long "
        "runFinalization/0/void setErr/1/void setIn/1/void setOut/1/void setProperties/1/void "
        "setProperty/2/String setSecurityManager/1/void err:PrintStream in:InputStream "
        "out:PrintStream "
    ),
}
_SEQUENCED = (
    "addFirst/1/void addLast/1/void getFirst/0 getLast/0 removeFirst/0 removeLast/0 reversed/0"
)
# members added after JDK 17 (18: Math; 19, 21: sequenced collections, String, Math.clamp)
_LATER = {
    "Math": "ceilDiv/2 ceilDivExact/2 ceilMod/2 divideExact/2 floorDivExact/2 clamp/3",
    "String": "indexOf/3/int splitWithDelimiters/2/String[]",
    "StringBuilder": "repeat/2",
    "Integer": "compress/2/int expand/2/int",
    "Long": "compress/2/long expand/2/long",
    "List": _SEQUENCED,
    "ArrayList": _SEQUENCED,
    "LinkedList": "reversed/0",
    "Deque": "reversed/0",
    "ArrayDeque": "reversed/0",
    "TreeMap": "putFirst/2 putLast/2 reversed/0 sequencedKeySet/0 sequencedValues/0"
    " sequencedEntrySet/0",
    "TreeSet": _SEQUENCED,
    "HashMap": "newHashMap/1",
    "HashSet": "newHashSet/1",
}


def _member(spec: str) -> tuple[str, Member]:
    name, counts, *returns = spec.split("/", 2)
    fixed = {int(c) for c in counts.split(",") if c and not c.startswith("+")}
    least = [int(c[1:]) for c in counts.split(",") if c.startswith("+")]
    return name, Member(frozenset(fixed), min(least) if least else None, "".join(returns))


def merge(a: Member, b: Member) -> Member:
    """The overloads of ``a`` and ``b`` as one member."""
    varargs = min((v for v in (a.varargs, b.varargs) if v is not None), default=None)
    returns = a.returns if a.returns == b.returns else ""
    return Member(a.counts | b.counts, varargs, returns)


def _library_type(spec: str, later: str) -> LibraryType:
    methods: dict[str, Member] = {}
    fields: dict[str, str] = {}
    for item in (spec + " " + later).split():
        if ":" in item:
            name, kind = item.split(":", 1)
            fields[name] = kind
            continue
        name, member = _member(item)
        methods[name] = merge(methods[name], member) if name in methods else member
    return LibraryType(methods, fields)


TYPES = {name: _library_type(spec, _LATER.get(name, "")) for name, spec in _TABLE.items()}
