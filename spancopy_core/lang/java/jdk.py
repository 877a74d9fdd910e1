"""What the Java library types that user code calls most offer (JDK 17, read by reflection with
``Class.getMethods``, ``getConstructors`` and ``getFields``): each public method's overloads,
with their parameter and return types where these are primitives, ``String`` or arrays of them
(``?`` for any other type), the constructors (``new``) and the public fields, for
:mod:`spancopy_core.lang.java.validity`; a few members of later JDKs are added (:data:`_LATER`)
so that code written for them is never refused.
Design notes: docs/design.md#lang-java-validity.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import dataclass, replace

ANY = "?"  # a parameter or return type not known here (an object, a type variable)


@dataclass(frozen=True)
class Overload:
    """One declaration: its return type, parameter types, whether the last is ``...``, and
    the parameters' names where the declaration is in sight (a method of the file)."""

    returns: str
    params: tuple[str, ...]
    varargs: bool = False
    names: tuple[str, ...] = ()

    def takes(self, count: int) -> bool:
        """Whether it takes ``count`` arguments."""
        return count >= len(self.params) - 1 if self.varargs else count == len(self.params)


@dataclass(frozen=True)
class Member:
    """A method's overloads (or the constructors', ``new``)."""

    overloads: tuple[Overload, ...]

    def accepts(self, count: int) -> bool:
        """Whether some overload takes ``count`` arguments."""
        return any(o.takes(count) for o in self.overloads)


@dataclass(frozen=True)
class LibraryType:
    """The members of one library type: methods by name (``new``: its constructors, absent
    when it has none) and public fields with their types ("" when not a primitive or
    ``String``)."""

    methods: dict[str, Member]
    fields: dict[str, str]


# the type parameters of the table's generic types (JDK 17, by reflection: getTypeParameters);
# every other type of the table takes none
TYPE_PARAMETERS = {
    name: 1
    for name in (
        "ArrayDeque ArrayList Collection Deque HashSet Iterable Iterator LinkedList List Optional"
        " PriorityQueue Queue Set Stack TreeSet AtomicReference Future ThreadLocal"
        " LinkedHashSet Vector Class".split()
    )
} | {"HashMap": 2, "Map": 2, "TreeMap": 2, "ConcurrentHashMap": 2, "LinkedHashMap": 2}

# Object's methods, which every type has (an interface's too)
OBJECT_METHODS = frozenset("equals hashCode toString getClass notify notifyAll wait".split())

# type -> "method=return(parameters)" per overload ("new=(parameters)" per constructor, "T..."
# for variable arity), "FIELD:type"
_TABLE = {
    "String": (
        "charAt=char(int) chars=?() codePointAt=int(int) codePointBefore=int(int) "
        "codePointCount=int(int,int) codePoints=?() compareTo=int(?) compareTo=int(String) "
        "compareToIgnoreCase=int(String) concat=String(String) contains=boolean(?) "
        "contentEquals=boolean(?) copyValueOf=String(char[]) copyValueOf=String(char[],int,int) "
        "describeConstable=?() endsWith=boolean(String) equalsIgnoreCase=boolean(String) "
        "format=String(?,String,?...) format=String(String,?...) formatted=String(?...) "
        "getBytes=byte[]() getBytes=byte[](?) getBytes=byte[](String) "
        "getBytes=void(int,int,byte[],int) getChars=void(int,int,char[],int) indent=String(int) "
        "indexOf=int(String) indexOf=int(String,int) indexOf=int(int) indexOf=int(int,int) "
        "intern=String() isBlank=boolean() isEmpty=boolean() join=String(?,?) "
        "join=String(?,?...) lastIndexOf=int(String) lastIndexOf=int(String,int) "
        "lastIndexOf=int(int) lastIndexOf=int(int,int) length=int() lines=?() "
        "matches=boolean(String) new=() new=(?) new=(String) new=(byte[]) new=(byte[],?) "
        "new=(byte[],String) new=(byte[],int) new=(byte[],int,int) new=(byte[],int,int,?) "
        "new=(byte[],int,int,String) new=(byte[],int,int,int) new=(char[]) new=(char[],int,int) "
        "new=(int[],int,int) offsetByCodePoints=int(int,int) "
        "regionMatches=boolean(boolean,int,String,int,int) "
        "regionMatches=boolean(int,String,int,int) repeat=String(int) replace=String(?,?) "
        "replace=String(char,char) replaceAll=String(String,String) "
        "replaceFirst=String(String,String) resolveConstantDesc=?(?) "
        "resolveConstantDesc=String(?) split=String[](String) split=String[](String,int) "
        "startsWith=boolean(String) startsWith=boolean(String,int) strip=String() "
        "stripIndent=String() stripLeading=String() stripTrailing=String() "
        "subSequence=?(int,int) substring=String(int) substring=String(int,int) "
        "toCharArray=char[]() toLowerCase=String() toLowerCase=String(?) toUpperCase=String() "
        "toUpperCase=String(?) transform=?(Function) translateEscapes=String() trim=String() "
        "valueOf=String(?) valueOf=String(boolean) valueOf=String(char) valueOf=String(char[]) "
        "valueOf=String(char[],int,int) valueOf=String(double) valueOf=String(float) "
        "valueOf=String(int) valueOf=String(long) CASE_INSENSITIVE_ORDER: "
    ),
    "StringBuilder": (
        "append=?(?) append=?(?,int,int) append=?(String) append=?(boolean) append=?(char) "
        "append=?(char[]) append=?(char[],int,int) append=?(double) append=?(float) "
        "append=?(int) append=?(long) appendCodePoint=?(int) capacity=int() charAt=char(int) "
        "chars=?() codePointAt=int(int) codePointBefore=int(int) codePointCount=int(int,int) "
        "codePoints=?() compareTo=int(?) delete=?(int,int) deleteCharAt=?(int) "
        "ensureCapacity=void(int) getChars=void(int,int,char[],int) indexOf=int(String) "
        "indexOf=int(String,int) insert=?(int,?) insert=?(int,?,int,int) insert=?(int,String) "
        "insert=?(int,boolean) insert=?(int,char) insert=?(int,char[]) "
        "insert=?(int,char[],int,int) insert=?(int,double) insert=?(int,float) "
        "insert=?(int,int) insert=?(int,long) isEmpty=boolean() lastIndexOf=int(String) "
        "lastIndexOf=int(String,int) length=int() new=() new=(?) new=(String) new=(int) "
        "offsetByCodePoints=int(int,int) replace=?(int,int,String) reverse=?() "
        "setCharAt=void(int,char) setLength=void(int) subSequence=?(int,int) "
        "substring=String(int) substring=String(int,int) trimToSize=void() "
    ),
    "Scanner": (
        "close=void() delimiter=?() findAll=?(?) findAll=?(String) findInLine=String(?) "
        "findInLine=String(String) findWithinHorizon=String(?,int) "
        "findWithinHorizon=String(String,int) forEachRemaining=void(Consumer) hasNext=boolean() "
        "hasNext=boolean(?) hasNext=boolean(String) hasNextBigDecimal=boolean() "
        "hasNextBigInteger=boolean() hasNextBigInteger=boolean(int) hasNextBoolean=boolean() "
        "hasNextByte=boolean() hasNextByte=boolean(int) hasNextDouble=boolean() "
        "hasNextFloat=boolean() hasNextInt=boolean() hasNextInt=boolean(int) "
        "hasNextLine=boolean() hasNextLong=boolean() hasNextLong=boolean(int) "
        "hasNextShort=boolean() hasNextShort=boolean(int) ioException=?() locale=?() match=?() "
        "new=(?) new=(?,?) new=(?,String) new=(String) next=?() next=String() next=String(?) "
        "next=String(String) nextBigDecimal=?() nextBigInteger=?() nextBigInteger=?(int) "
        "nextBoolean=boolean() nextByte=byte() nextByte=byte(int) nextDouble=double() "
        "nextFloat=float() nextInt=int() nextInt=int(int) nextLine=String() nextLong=long() "
        "nextLong=long(int) nextShort=short() nextShort=short(int) radix=int() remove=void() "
        "reset=?() skip=?(?) skip=?(String) tokens=?() useDelimiter=?(?) useDelimiter=?(String) "
        "useLocale=?(?) useRadix=?(int) "
    ),
    "List": (
        "add=boolean(?) add=void(int,?) addAll=boolean(?) addAll=boolean(int,?) clear=void() "
        "contains=boolean(?) containsAll=boolean(?) copyOf=?(?) forEach=void(Consumer) get=?(int) "
        "indexOf=int(?) isEmpty=boolean() iterator=?() lastIndexOf=int(?) listIterator=?() "
        "listIterator=?(int) of=?() of=?(?) of=?(?,?) of=?(?,?,?) of=?(?,?,?,?) of=?(?,?,?,?,?) "
        "of=?(?,?,?,?,?,?) of=?(?,?,?,?,?,?,?) of=?(?,?,?,?,?,?,?,?) of=?(?,?,?,?,?,?,?,?,?) "
        "of=?(?,?,?,?,?,?,?,?,?,?) of=?(?...) parallelStream=?() remove=?(int) remove=boolean(?) "
        "removeAll=boolean(?) removeIf=boolean(Predicate) replaceAll=void(UnaryOperator) "
        "retainAll=boolean(?) set=?(int,?) size=int() sort=void(Comparator) spliterator=?() "
        "stream=?() subList=?(int,int) toArray=?() toArray=?(?) "
    ),
    "ArrayList": (
        "add=boolean(?) add=void(int,?) addAll=boolean(?) addAll=boolean(int,?) clear=void() "
        "clone=?() contains=boolean(?) containsAll=boolean(?) ensureCapacity=void(int) "
        "forEach=void(Consumer) get=?(int) indexOf=int(?) isEmpty=boolean() iterator=?() "
        "lastIndexOf=int(?) listIterator=?() listIterator=?(int) new=() new=(?) new=(int) "
        "parallelStream=?() remove=?(int) remove=boolean(?) removeAll=boolean(?) "
        "removeIf=boolean(Predicate) replaceAll=void(UnaryOperator) retainAll=boolean(?) "
        "set=?(int,?) size=int() sort=void(Comparator) spliterator=?() stream=?() "
        "subList=?(int,int) toArray=?() toArray=?(?) trimToSize=void() "
    ),
    "LinkedList": (
        "add=boolean(?) add=void(int,?) addAll=boolean(?) addAll=boolean(int,?) addFirst=void(?) "
        "addLast=void(?) clear=void() clone=?() contains=boolean(?) containsAll=boolean(?) "
        "descendingIterator=?() element=?() forEach=void(Consumer) get=?(int) getFirst=?() "
        "getLast=?() indexOf=int(?) isEmpty=boolean() iterator=?() lastIndexOf=int(?) "
        "listIterator=?() listIterator=?(int) new=() new=(?) offer=boolean(?) "
        "offerFirst=boolean(?) offerLast=boolean(?) parallelStream=?() peek=?() peekFirst=?() "
        "peekLast=?() poll=?() pollFirst=?() pollLast=?() pop=?() push=void(?) remove=?() "
        "remove=?(int) remove=boolean(?) removeAll=boolean(?) removeFirst=?() "
        "removeFirstOccurrence=boolean(?) removeIf=boolean(Predicate) removeLast=?() "
        "removeLastOccurrence=boolean(?) replaceAll=void(UnaryOperator) retainAll=boolean(?) "
        "set=?(int,?) size=int() sort=void(Comparator) spliterator=?() stream=?() "
        "subList=?(int,int) toArray=?() toArray=?(?) "
    ),
    "Map": (
        "clear=void() compute=?(?,BiFunction) computeIfAbsent=?(?,Function) "
        "computeIfPresent=?(?,BiFunction) containsKey=boolean(?) containsValue=boolean(?) "
        "copyOf=?(?) entry=?(?,?) entrySet=?() forEach=void(BiConsumer) get=?(?) "
        "getOrDefault=?(?,?) isEmpty=boolean() keySet=?() merge=?(?,?,BiFunction) of=?() of=?(?,?) "
        "of=?(?,?,?,?) of=?(?,?,?,?,?,?) of=?(?,?,?,?,?,?,?,?) of=?(?,?,?,?,?,?,?,?,?,?) "
        "of=?(?,?,?,?,?,?,?,?,?,?,?,?) of=?(?,?,?,?,?,?,?,?,?,?,?,?,?,?) "
        "of=?(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) of=?(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) "
        "of=?(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) ofEntries=?(?...) put=?(?,?) putAll=void(?) "
        "putIfAbsent=?(?,?) remove=?(?) remove=boolean(?,?) replace=?(?,?) replace=boolean(?,?,?) "
        "replaceAll=void(BiFunction) size=int() values=?() "
    ),
    "HashMap": (
        "clear=void() clone=?() compute=?(?,BiFunction) computeIfAbsent=?(?,Function) "
        "computeIfPresent=?(?,BiFunction) containsKey=boolean(?) containsValue=boolean(?) "
        "entrySet=?() forEach=void(BiConsumer) get=?(?) getOrDefault=?(?,?) isEmpty=boolean() "
        "keySet=?() merge=?(?,?,BiFunction) new=() new=(?) new=(int) new=(int,float) put=?(?,?) "
        "putAll=void(?) putIfAbsent=?(?,?) remove=?(?) remove=boolean(?,?) replace=?(?,?) "
        "replace=boolean(?,?,?) replaceAll=void(BiFunction) size=int() values=?() "
    ),
    "TreeMap": (
        "ceilingEntry=?(?) ceilingKey=?(?) clear=void() clone=?() comparator=?() "
        "compute=?(?,BiFunction) computeIfAbsent=?(?,Function) computeIfPresent=?(?,BiFunction) "
        "containsKey=boolean(?) containsValue=boolean(?) descendingKeySet=?() descendingMap=?() "
        "entrySet=?() firstEntry=?() firstKey=?() floorEntry=?(?) floorKey=?(?) "
        "forEach=void(BiConsumer) get=?(?) getOrDefault=?(?,?) headMap=?(?) headMap=?(?,boolean) "
        "higherEntry=?(?) higherKey=?(?) isEmpty=boolean() keySet=?() lastEntry=?() lastKey=?() "
        "lowerEntry=?(?) lowerKey=?(?) merge=?(?,?,BiFunction) navigableKeySet=?() new=() new=(?) "
        "pollFirstEntry=?() pollLastEntry=?() put=?(?,?) putAll=void(?) putIfAbsent=?(?,?) "
        "remove=?(?) remove=boolean(?,?) replace=?(?,?) replace=boolean(?,?,?) "
        "replaceAll=void(BiFunction) size=int() subMap=?(?,?) subMap=?(?,boolean,?,boolean) "
        "tailMap=?(?) tailMap=?(?,boolean) values=?() "
    ),
    "Set": (
        "add=boolean(?) addAll=boolean(?) clear=void() contains=boolean(?) "
        "containsAll=boolean(?) copyOf=?(?) forEach=void(Consumer) isEmpty=boolean() iterator=?() "
        "of=?() of=?(?) of=?(?,?) of=?(?,?,?) of=?(?,?,?,?) of=?(?,?,?,?,?) of=?(?,?,?,?,?,?) "
        "of=?(?,?,?,?,?,?,?) of=?(?,?,?,?,?,?,?,?) of=?(?,?,?,?,?,?,?,?,?) "
        "of=?(?,?,?,?,?,?,?,?,?,?) of=?(?...) parallelStream=?() remove=boolean(?) "
        "removeAll=boolean(?) removeIf=boolean(Predicate) retainAll=boolean(?) size=int() "
        "spliterator=?() stream=?() toArray=?() toArray=?(?) "
    ),
    "HashSet": (
        "add=boolean(?) addAll=boolean(?) clear=void() clone=?() contains=boolean(?) "
        "containsAll=boolean(?) forEach=void(Consumer) isEmpty=boolean() iterator=?() new=() "
        "new=(?) new=(int) new=(int,float) parallelStream=?() remove=boolean(?) "
        "removeAll=boolean(?) removeIf=boolean(Predicate) retainAll=boolean(?) size=int() "
        "spliterator=?() stream=?() toArray=?() toArray=?(?) "
    ),
    "TreeSet": (
        "add=boolean(?) addAll=boolean(?) ceiling=?(?) clear=void() clone=?() comparator=?() "
        "contains=boolean(?) containsAll=boolean(?) descendingIterator=?() descendingSet=?() "
        "first=?() floor=?(?) forEach=void(Consumer) headSet=?(?) headSet=?(?,boolean) higher=?(?) "
        "isEmpty=boolean() iterator=?() last=?() lower=?(?) new=() new=(?) parallelStream=?() "
        "pollFirst=?() pollLast=?() remove=boolean(?) removeAll=boolean(?) "
        "removeIf=boolean(Predicate) retainAll=boolean(?) size=int() spliterator=?() stream=?() "
        "subSet=?(?,?) subSet=?(?,boolean,?,boolean) tailSet=?(?) tailSet=?(?,boolean) toArray=?() "
        "toArray=?(?) "
    ),
    "Deque": (
        "add=boolean(?) addAll=boolean(?) addFirst=void(?) addLast=void(?) clear=void() "
        "contains=boolean(?) containsAll=boolean(?) descendingIterator=?() element=?() "
        "forEach=void(Consumer) getFirst=?() getLast=?() isEmpty=boolean() iterator=?() "
        "offer=boolean(?) offerFirst=boolean(?) offerLast=boolean(?) parallelStream=?() "
        "peek=?() peekFirst=?() peekLast=?() poll=?() pollFirst=?() pollLast=?() pop=?() "
        "push=void(?) remove=?() remove=boolean(?) removeAll=boolean(?) removeFirst=?() "
        "removeFirstOccurrence=boolean(?) removeIf=boolean(Predicate) removeLast=?() "
        "removeLastOccurrence=boolean(?) retainAll=boolean(?) size=int() spliterator=?() "
        "stream=?() toArray=?() toArray=?(?) "
    ),
    "ArrayDeque": (
        "add=boolean(?) addAll=boolean(?) addFirst=void(?) addLast=void(?) clear=void() clone=?() "
        "contains=boolean(?) containsAll=boolean(?) descendingIterator=?() element=?() "
        "forEach=void(Consumer) getFirst=?() getLast=?() isEmpty=boolean() iterator=?() new=() "
        "new=(?) new=(int) offer=boolean(?) offerFirst=boolean(?) offerLast=boolean(?) "
        "parallelStream=?() peek=?() peekFirst=?() peekLast=?() poll=?() pollFirst=?() "
        "pollLast=?() pop=?() push=void(?) remove=?() remove=boolean(?) removeAll=boolean(?) "
        "removeFirst=?() removeFirstOccurrence=boolean(?) removeIf=boolean(Predicate) "
        "removeLast=?() removeLastOccurrence=boolean(?) retainAll=boolean(?) size=int() "
        "spliterator=?() stream=?() toArray=?() toArray=?(?) "
    ),
    "Queue": (
        "add=boolean(?) addAll=boolean(?) clear=void() contains=boolean(?) "
        "containsAll=boolean(?) element=?() forEach=void(Consumer) isEmpty=boolean() iterator=?() "
        "offer=boolean(?) parallelStream=?() peek=?() poll=?() remove=?() remove=boolean(?) "
        "removeAll=boolean(?) removeIf=boolean(Predicate) retainAll=boolean(?) size=int() "
        "spliterator=?() stream=?() toArray=?() toArray=?(?) "
    ),
    "PriorityQueue": (
        "add=boolean(?) addAll=boolean(?) clear=void() comparator=?() contains=boolean(?) "
        "containsAll=boolean(?) element=?() forEach=void(Consumer) isEmpty=boolean() iterator=?() "
        "new=() new=(?) new=(int) new=(int,Comparator) offer=boolean(?) parallelStream=?() "
        "peek=?() poll=?() remove=?() remove=boolean(?) removeAll=boolean(?) "
        "removeIf=boolean(Predicate) retainAll=boolean(?) size=int() spliterator=?() stream=?() "
        "toArray=?() toArray=?(?) "
    ),
    "Stack": (
        "add=boolean(?) add=void(int,?) addAll=boolean(?) addAll=boolean(int,?) addElement=void(?) "
        "capacity=int() clear=void() clone=?() contains=boolean(?) containsAll=boolean(?) "
        "copyInto=void(?) elementAt=?(int) elements=?() empty=boolean() ensureCapacity=void(int) "
        "firstElement=?() forEach=void(Consumer) get=?(int) indexOf=int(?) indexOf=int(?,int) "
        "insertElementAt=void(?,int) isEmpty=boolean() iterator=?() lastElement=?() "
        "lastIndexOf=int(?) lastIndexOf=int(?,int) listIterator=?() listIterator=?(int) new=() "
        "parallelStream=?() peek=?() pop=?() push=?(?) remove=?(int) remove=boolean(?) "
        "removeAll=boolean(?) removeAllElements=void() removeElement=boolean(?) "
        "removeElementAt=void(int) removeIf=boolean(Predicate) replaceAll=void(UnaryOperator) "
        "retainAll=boolean(?) search=int(?) set=?(int,?) setElementAt=void(?,int) "
        "setSize=void(int) size=int() sort=void(Comparator) spliterator=?() stream=?() "
        "subList=?(int,int) toArray=?() toArray=?(?) trimToSize=void() "
    ),
    "Math": (
        "IEEEremainder=double(double,double) abs=double(double) abs=float(float) abs=int(int) "
        "abs=long(long) absExact=int(int) absExact=long(long) acos=double(double) "
        "addExact=int(int,int) addExact=long(long,long) asin=double(double) atan=double(double) "
        "atan2=double(double,double) cbrt=double(double) ceil=double(double) "
        "copySign=double(double,double) copySign=float(float,float) cos=double(double) "
        "cosh=double(double) decrementExact=int(int) decrementExact=long(long) "
        "exp=double(double) expm1=double(double) floor=double(double) floorDiv=int(int,int) "
        "floorDiv=long(long,int) floorDiv=long(long,long) floorMod=int(int,int) "
        "floorMod=int(long,int) floorMod=long(long,long) fma=double(double,double,double) "
        "fma=float(float,float,float) getExponent=int(double) getExponent=int(float) "
        "hypot=double(double,double) incrementExact=int(int) incrementExact=long(long) "
        "log=double(double) log10=double(double) log1p=double(double) max=double(double,double) "
        "max=float(float,float) max=int(int,int) max=long(long,long) min=double(double,double) "
        "min=float(float,float) min=int(int,int) min=long(long,long) multiplyExact=int(int,int) "
        "multiplyExact=long(long,int) multiplyExact=long(long,long) multiplyFull=long(int,int) "
        "multiplyHigh=long(long,long) negateExact=int(int) negateExact=long(long) "
        "nextAfter=double(double,double) nextAfter=float(float,double) nextDown=double(double) "
        "nextDown=float(float) nextUp=double(double) nextUp=float(float) "
        "pow=double(double,double) random=double() rint=double(double) round=int(float) "
        "round=long(double) scalb=double(double,int) scalb=float(float,int) "
        "signum=double(double) signum=float(float) sin=double(double) sinh=double(double) "
        "sqrt=double(double) subtractExact=int(int,int) subtractExact=long(long,long) "
        "tan=double(double) tanh=double(double) toDegrees=double(double) toIntExact=int(long) "
        "toRadians=double(double) ulp=double(double) ulp=float(float) E:double PI:double "
    ),
    "Integer": (
        "bitCount=int(int) byteValue=byte() compare=int(int,int) compareTo=int(?) "
        "compareUnsigned=int(int,int) decode=?(String) describeConstable=?() "
        "divideUnsigned=int(int,int) doubleValue=double() floatValue=float() "
        "getInteger=?(String) getInteger=?(String,?) getInteger=?(String,int) "
        "highestOneBit=int(int) intValue=int() longValue=long() lowestOneBit=int(int) "
        "max=int(int,int) min=int(int,int) new=(String) new=(int) numberOfLeadingZeros=int(int) "
        "numberOfTrailingZeros=int(int) parseInt=int(?,int,int,int) parseInt=int(String) "
        "parseInt=int(String,int) parseUnsignedInt=int(?,int,int,int) "
        "parseUnsignedInt=int(String) parseUnsignedInt=int(String,int) "
        "remainderUnsigned=int(int,int) resolveConstantDesc=?(?) reverse=int(int) "
        "reverseBytes=int(int) rotateLeft=int(int,int) rotateRight=int(int,int) "
        "shortValue=short() signum=int(int) sum=int(int,int) toBinaryString=String(int) "
        "toHexString=String(int) toOctalString=String(int) toUnsignedLong=long(int) "
        "toUnsignedString=String(int) toUnsignedString=String(int,int) valueOf=?(String) "
        "valueOf=?(String,int) valueOf=?(int) BYTES:int MAX_VALUE:int MIN_VALUE:int SIZE:int "
        "TYPE: "
    ),
    "Long": (
        "bitCount=int(long) byteValue=byte() compare=int(long,long) compareTo=int(?) "
        "compareUnsigned=int(long,long) decode=?(String) describeConstable=?() "
        "divideUnsigned=long(long,long) doubleValue=double() floatValue=float() "
        "getLong=?(String) getLong=?(String,?) getLong=?(String,long) highestOneBit=long(long) "
        "intValue=int() longValue=long() lowestOneBit=long(long) max=long(long,long) "
        "min=long(long,long) new=(String) new=(long) numberOfLeadingZeros=int(long) "
        "numberOfTrailingZeros=int(long) parseLong=long(?,int,int,int) parseLong=long(String) "
        "parseLong=long(String,int) parseUnsignedLong=long(?,int,int,int) "
        "parseUnsignedLong=long(String) parseUnsignedLong=long(String,int) "
        "remainderUnsigned=long(long,long) resolveConstantDesc=?(?) reverse=long(long) "
        "reverseBytes=long(long) rotateLeft=long(long,int) rotateRight=long(long,int) "
        "shortValue=short() signum=int(long) sum=long(long,long) toBinaryString=String(long) "
        "toHexString=String(long) toOctalString=String(long) toUnsignedString=String(long) "
        "toUnsignedString=String(long,int) valueOf=?(String) valueOf=?(String,int) "
        "valueOf=?(long) BYTES:int MAX_VALUE:long MIN_VALUE:long SIZE:int TYPE: "
    ),
    "Character": (
        "charCount=int(int) charValue=char() codePointAt=int(?,int) codePointAt=int(char[],int) "
        "codePointAt=int(char[],int,int) codePointBefore=int(?,int) "
        "codePointBefore=int(char[],int) codePointBefore=int(char[],int,int) "
        "codePointCount=int(?,int,int) codePointCount=int(char[],int,int) "
        "codePointOf=int(String) compare=int(char,char) compareTo=int(?) describeConstable=?() "
        "digit=int(char,int) digit=int(int,int) forDigit=char(int,int) "
        "getDirectionality=byte(char) getDirectionality=byte(int) getName=String(int) "
        "getNumericValue=int(char) getNumericValue=int(int) getType=int(char) getType=int(int) "
        "highSurrogate=char(int) isAlphabetic=boolean(int) isBmpCodePoint=boolean(int) "
        "isDefined=boolean(char) isDefined=boolean(int) isDigit=boolean(char) "
        "isDigit=boolean(int) isHighSurrogate=boolean(char) isISOControl=boolean(char) "
        "isISOControl=boolean(int) isIdentifierIgnorable=boolean(char) "
        "isIdentifierIgnorable=boolean(int) isIdeographic=boolean(int) "
        "isJavaIdentifierPart=boolean(char) isJavaIdentifierPart=boolean(int) "
        "isJavaIdentifierStart=boolean(char) isJavaIdentifierStart=boolean(int) "
        "isJavaLetter=boolean(char) isJavaLetterOrDigit=boolean(char) isLetter=boolean(char) "
        "isLetter=boolean(int) isLetterOrDigit=boolean(char) isLetterOrDigit=boolean(int) "
        "isLowSurrogate=boolean(char) isLowerCase=boolean(char) isLowerCase=boolean(int) "
        "isMirrored=boolean(char) isMirrored=boolean(int) isSpace=boolean(char) "
        "isSpaceChar=boolean(char) isSpaceChar=boolean(int) "
        "isSupplementaryCodePoint=boolean(int) isSurrogate=boolean(char) "
        "isSurrogatePair=boolean(char,char) isTitleCase=boolean(char) isTitleCase=boolean(int) "
        "isUnicodeIdentifierPart=boolean(char) isUnicodeIdentifierPart=boolean(int) "
        "isUnicodeIdentifierStart=boolean(char) isUnicodeIdentifierStart=boolean(int) "
        "isUpperCase=boolean(char) isUpperCase=boolean(int) isValidCodePoint=boolean(int) "
        "isWhitespace=boolean(char) isWhitespace=boolean(int) lowSurrogate=char(int) new=(char) "
        "offsetByCodePoints=int(?,int,int) offsetByCodePoints=int(char[],int,int,int,int) "
        "reverseBytes=char(char) toChars=char[](int) toChars=int(int,char[],int) "
        "toCodePoint=int(char,char) toLowerCase=char(char) toLowerCase=int(int) "
        "toTitleCase=char(char) toTitleCase=int(int) toUpperCase=char(char) "
        "toUpperCase=int(int) valueOf=?(char) BYTES:int COMBINING_SPACING_MARK:byte "
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
        "byteValue=byte() compare=int(double,double) compareTo=int(?) describeConstable=?() "
        "doubleToLongBits=long(double) doubleToRawLongBits=long(double) doubleValue=double() "
        "floatValue=float() intValue=int() isFinite=boolean(double) isInfinite=boolean() "
        "isInfinite=boolean(double) isNaN=boolean() isNaN=boolean(double) "
        "longBitsToDouble=double(long) longValue=long() max=double(double,double) "
        "min=double(double,double) new=(String) new=(double) parseDouble=double(String) "
        "resolveConstantDesc=?(?) shortValue=short() sum=double(double,double) "
        "toHexString=String(double) valueOf=?(String) valueOf=?(double) BYTES:int "
        "MAX_EXPONENT:int MAX_VALUE:double MIN_EXPONENT:int MIN_NORMAL:double MIN_VALUE:double "
        "NEGATIVE_INFINITY:double NaN:double POSITIVE_INFINITY:double SIZE:int TYPE: "
    ),
    "Boolean": (
        "booleanValue=boolean() compare=int(boolean,boolean) compareTo=int(?) "
        "describeConstable=?() getBoolean=boolean(String) logicalAnd=boolean(boolean,boolean) "
        "logicalOr=boolean(boolean,boolean) logicalXor=boolean(boolean,boolean) new=(String) "
        "new=(boolean) parseBoolean=boolean(String) valueOf=?(String) valueOf=?(boolean) FALSE: "
        "TRUE: TYPE: "
    ),
    "Arrays": (
        "asList=?(?...) binarySearch=int(?,?) binarySearch=int(?,?,Comparator) "
        "binarySearch=int(?,int,int,?) binarySearch=int(?,int,int,?,Comparator) "
        "binarySearch=int(byte[],byte) binarySearch=int(byte[],int,int,byte) "
        "binarySearch=int(char[],char) binarySearch=int(char[],int,int,char) "
        "binarySearch=int(double[],double) binarySearch=int(double[],int,int,double) "
        "binarySearch=int(float[],float) binarySearch=int(float[],int,int,float) "
        "binarySearch=int(int[],int) binarySearch=int(int[],int,int,int) "
        "binarySearch=int(long[],int,int,long) binarySearch=int(long[],long) "
        "binarySearch=int(short[],int,int,short) binarySearch=int(short[],short) "
        "compare=int(?,?) compare=int(?,?,Comparator) compare=int(?,int,int,?,int,int) "
        "compare=int(?,int,int,?,int,int,Comparator) compare=int(boolean[],boolean[]) "
        "compare=int(boolean[],int,int,boolean[],int,int) compare=int(byte[],byte[]) "
        "compare=int(byte[],int,int,byte[],int,int) compare=int(char[],char[]) "
        "compare=int(char[],int,int,char[],int,int) compare=int(double[],double[]) "
        "compare=int(double[],int,int,double[],int,int) compare=int(float[],float[]) "
        "compare=int(float[],int,int,float[],int,int) compare=int(int[],int,int,int[],int,int) "
        "compare=int(int[],int[]) compare=int(long[],int,int,long[],int,int) "
        "compare=int(long[],long[]) compare=int(short[],int,int,short[],int,int) "
        "compare=int(short[],short[]) compareUnsigned=int(byte[],byte[]) "
        "compareUnsigned=int(byte[],int,int,byte[],int,int) "
        "compareUnsigned=int(int[],int,int,int[],int,int) compareUnsigned=int(int[],int[]) "
        "compareUnsigned=int(long[],int,int,long[],int,int) compareUnsigned=int(long[],long[]) "
        "compareUnsigned=int(short[],int,int,short[],int,int) "
        "compareUnsigned=int(short[],short[]) copyOf=?(?,int) copyOf=?(?,int,?) "
        "copyOf=boolean[](boolean[],int) copyOf=byte[](byte[],int) copyOf=char[](char[],int) "
        "copyOf=double[](double[],int) copyOf=float[](float[],int) copyOf=int[](int[],int) "
        "copyOf=long[](long[],int) copyOf=short[](short[],int) copyOfRange=?(?,int,int) "
        "copyOfRange=?(?,int,int,?) copyOfRange=boolean[](boolean[],int,int) "
        "copyOfRange=byte[](byte[],int,int) copyOfRange=char[](char[],int,int) "
        "copyOfRange=double[](double[],int,int) copyOfRange=float[](float[],int,int) "
        "copyOfRange=int[](int[],int,int) copyOfRange=long[](long[],int,int) "
        "copyOfRange=short[](short[],int,int) deepEquals=boolean(?,?) deepHashCode=int(?) "
        "deepToString=String(?) equals=boolean(?,?) equals=boolean(?,?,Comparator) "
        "equals=boolean(?,int,int,?,int,int) equals=boolean(?,int,int,?,int,int,Comparator) "
        "equals=boolean(boolean[],boolean[]) "
        "equals=boolean(boolean[],int,int,boolean[],int,int) equals=boolean(byte[],byte[]) "
        "equals=boolean(byte[],int,int,byte[],int,int) equals=boolean(char[],char[]) "
        "equals=boolean(char[],int,int,char[],int,int) equals=boolean(double[],double[]) "
        "equals=boolean(double[],int,int,double[],int,int) equals=boolean(float[],float[]) "
        "equals=boolean(float[],int,int,float[],int,int) "
        "equals=boolean(int[],int,int,int[],int,int) equals=boolean(int[],int[]) "
        "equals=boolean(long[],int,int,long[],int,int) equals=boolean(long[],long[]) "
        "equals=boolean(short[],int,int,short[],int,int) equals=boolean(short[],short[]) "
        "fill=void(?,?) fill=void(?,int,int,?) fill=void(boolean[],boolean) "
        "fill=void(boolean[],int,int,boolean) fill=void(byte[],byte) "
        "fill=void(byte[],int,int,byte) fill=void(char[],char) fill=void(char[],int,int,char) "
        "fill=void(double[],double) fill=void(double[],int,int,double) "
        "fill=void(float[],float) fill=void(float[],int,int,float) fill=void(int[],int) "
        "fill=void(int[],int,int,int) fill=void(long[],int,int,long) fill=void(long[],long) "
        "fill=void(short[],int,int,short) fill=void(short[],short) hashCode=int(?) "
        "hashCode=int(boolean[]) hashCode=int(byte[]) hashCode=int(char[]) "
        "hashCode=int(double[]) hashCode=int(float[]) hashCode=int(int[]) hashCode=int(long[]) "
        "hashCode=int(short[]) mismatch=int(?,?) mismatch=int(?,?,Comparator) "
        "mismatch=int(?,int,int,?,int,int) mismatch=int(?,int,int,?,int,int,Comparator) "
        "mismatch=int(boolean[],boolean[]) mismatch=int(boolean[],int,int,boolean[],int,int) "
        "mismatch=int(byte[],byte[]) mismatch=int(byte[],int,int,byte[],int,int) "
        "mismatch=int(char[],char[]) mismatch=int(char[],int,int,char[],int,int) "
        "mismatch=int(double[],double[]) mismatch=int(double[],int,int,double[],int,int) "
        "mismatch=int(float[],float[]) mismatch=int(float[],int,int,float[],int,int) "
        "mismatch=int(int[],int,int,int[],int,int) mismatch=int(int[],int[]) "
        "mismatch=int(long[],int,int,long[],int,int) mismatch=int(long[],long[]) "
        "mismatch=int(short[],int,int,short[],int,int) mismatch=int(short[],short[]) "
        "parallelPrefix=void(?,BinaryOperator) parallelPrefix=void(?,int,int,BinaryOperator) "
        "parallelPrefix=void(double[],DoubleBinaryOperator) "
        "parallelPrefix=void(double[],int,int,DoubleBinaryOperator) "
        "parallelPrefix=void(int[],IntBinaryOperator) "
        "parallelPrefix=void(int[],int,int,IntBinaryOperator) "
        "parallelPrefix=void(long[],LongBinaryOperator) "
        "parallelPrefix=void(long[],int,int,LongBinaryOperator) "
        "parallelSetAll=void(?,IntFunction) parallelSetAll=void(double[],IntToDoubleFunction) "
        "parallelSetAll=void(int[],IntUnaryOperator) "
        "parallelSetAll=void(long[],IntToLongFunction) parallelSort=void(?) "
        "parallelSort=void(?,Comparator) parallelSort=void(?,int,int) "
        "parallelSort=void(?,int,int,Comparator) parallelSort=void(byte[]) "
        "parallelSort=void(byte[],int,int) parallelSort=void(char[]) "
        "parallelSort=void(char[],int,int) parallelSort=void(double[]) "
        "parallelSort=void(double[],int,int) parallelSort=void(float[]) "
        "parallelSort=void(float[],int,int) parallelSort=void(int[]) "
        "parallelSort=void(int[],int,int) parallelSort=void(long[]) "
        "parallelSort=void(long[],int,int) parallelSort=void(short[]) "
        "parallelSort=void(short[],int,int) setAll=void(?,IntFunction) "
        "setAll=void(double[],IntToDoubleFunction) setAll=void(int[],IntUnaryOperator) "
        "setAll=void(long[],IntToLongFunction) sort=void(?) sort=void(?,Comparator) "
        "sort=void(?,int,int) sort=void(?,int,int,Comparator) sort=void(byte[]) "
        "sort=void(byte[],int,int) sort=void(char[]) sort=void(char[],int,int) "
        "sort=void(double[]) sort=void(double[],int,int) sort=void(float[]) "
        "sort=void(float[],int,int) sort=void(int[]) sort=void(int[],int,int) "
        "sort=void(long[]) sort=void(long[],int,int) sort=void(short[]) "
        "sort=void(short[],int,int) spliterator=?(?) spliterator=?(?,int,int) "
        "spliterator=?(double[]) spliterator=?(double[],int,int) spliterator=?(int[]) "
        "spliterator=?(int[],int,int) spliterator=?(long[]) spliterator=?(long[],int,int) "
        "stream=?(?) stream=?(?,int,int) stream=?(double[]) stream=?(double[],int,int) "
        "stream=?(int[]) stream=?(int[],int,int) stream=?(long[]) stream=?(long[],int,int) "
        "toString=String(?) toString=String(boolean[]) toString=String(byte[]) "
        "toString=String(char[]) toString=String(double[]) toString=String(float[]) "
        "toString=String(int[]) toString=String(long[]) toString=String(short[]) "
    ),
    "Collections": (
        "addAll=boolean(?,?...) asLifoQueue=?(?) binarySearch=int(?,?) "
        "binarySearch=int(?,?,Comparator) checkedCollection=?(?,?) checkedList=?(?,?) "
        "checkedMap=?(?,?,?) checkedNavigableMap=?(?,?,?) checkedNavigableSet=?(?,?) "
        "checkedQueue=?(?,?) checkedSet=?(?,?) checkedSortedMap=?(?,?,?) checkedSortedSet=?(?,?) "
        "copy=void(?,?) disjoint=boolean(?,?) emptyEnumeration=?() emptyIterator=?() emptyList=?() "
        "emptyListIterator=?() emptyMap=?() emptyNavigableMap=?() emptyNavigableSet=?() "
        "emptySet=?() emptySortedMap=?() emptySortedSet=?() enumeration=?(?) fill=void(?,?) "
        "frequency=int(?,?) indexOfSubList=int(?,?) lastIndexOfSubList=int(?,?) list=?(?) max=?(?) "
        "max=?(?,Comparator) min=?(?) min=?(?,Comparator) nCopies=?(int,?) newSetFromMap=?(?) "
        "replaceAll=boolean(?,?,?) reverse=void(?) reverseOrder=?() reverseOrder=?(Comparator) "
        "rotate=void(?,int) shuffle=void(?) shuffle=void(?,?) singleton=?(?) singletonList=?(?) "
        "singletonMap=?(?,?) sort=void(?) sort=void(?,Comparator) swap=void(?,int,int) "
        "synchronizedCollection=?(?) synchronizedList=?(?) synchronizedMap=?(?) "
        "synchronizedNavigableMap=?(?) synchronizedNavigableSet=?(?) synchronizedSet=?(?) "
        "synchronizedSortedMap=?(?) synchronizedSortedSet=?(?) unmodifiableCollection=?(?) "
        "unmodifiableList=?(?) unmodifiableMap=?(?) unmodifiableNavigableMap=?(?) "
        "unmodifiableNavigableSet=?(?) unmodifiableSet=?(?) unmodifiableSortedMap=?(?) "
        "unmodifiableSortedSet=?(?) EMPTY_LIST: EMPTY_MAP: EMPTY_SET: "
    ),
    "StringTokenizer": (
        "asIterator=?() countTokens=int() hasMoreElements=boolean() hasMoreTokens=boolean() "
        "new=(String) new=(String,String) new=(String,String,boolean) nextElement=?() "
        "nextToken=String() nextToken=String(String) "
    ),
    "BufferedReader": (
        "close=void() lines=?() mark=void(int) markSupported=boolean() new=(?) new=(?,int) "
        "nullReader=?() read=int() read=int(?) read=int(char[]) read=int(char[],int,int) "
        "readLine=String() ready=boolean() reset=void() skip=long(long) transferTo=long(?) "
    ),
    "PrintWriter": (
        "append=?(?) append=?(?,int,int) append=?(char) checkError=boolean() close=void() "
        "flush=void() format=?(?,String,?...) format=?(String,?...) new=(?) new=(?,?) "
        "new=(?,String) new=(?,boolean) new=(?,boolean,?) new=(String) new=(String,?) "
        "new=(String,String) nullWriter=?() print=void(?) print=void(String) "
        "print=void(boolean) print=void(char) print=void(char[]) print=void(double) "
        "print=void(float) print=void(int) print=void(long) printf=?(?,String,?...) "
        "printf=?(String,?...) println=void() println=void(?) println=void(String) "
        "println=void(boolean) println=void(char) println=void(char[]) println=void(double) "
        "println=void(float) println=void(int) println=void(long) write=void(String) "
        "write=void(String,int,int) write=void(char[]) write=void(char[],int,int) "
        "write=void(int) "
    ),
    "PrintStream": (
        "append=?(?) append=?(?,int,int) append=?(char) checkError=boolean() close=void() "
        "flush=void() format=?(?,String,?...) format=?(String,?...) new=(?) new=(?,?) "
        "new=(?,String) new=(?,boolean) new=(?,boolean,?) new=(?,boolean,String) new=(String) "
        "new=(String,?) new=(String,String) nullOutputStream=?() print=void(?) "
        "print=void(String) print=void(boolean) print=void(char) print=void(char[]) "
        "print=void(double) print=void(float) print=void(int) print=void(long) "
        "printf=?(?,String,?...) printf=?(String,?...) println=void() println=void(?) "
        "println=void(String) println=void(boolean) println=void(char) println=void(char[]) "
        "println=void(double) println=void(float) println=void(int) println=void(long) "
        "write=void(byte[]) write=void(byte[],int,int) write=void(int) writeBytes=void(byte[]) "
    ),
    "InputStream": (
        "available=int() close=void() mark=void(int) markSupported=boolean() new=() "
        "nullInputStream=?() read=int() read=int(byte[]) read=int(byte[],int,int) "
        "readAllBytes=byte[]() readNBytes=byte[](int) readNBytes=int(byte[],int,int) "
        "reset=void() skip=long(long) skipNBytes=void(long) transferTo=long(?) "
    ),
    "OutputStream": (
        "close=void() flush=void() new=() nullOutputStream=?() write=void(byte[]) "
        "write=void(byte[],int,int) write=void(int) "
    ),
    "Reader": (
        "close=void() mark=void(int) markSupported=boolean() nullReader=?() read=int() "
        "read=int(?) read=int(char[]) read=int(char[],int,int) ready=boolean() reset=void() "
        "skip=long(long) transferTo=long(?) "
    ),
    "Writer": (
        "append=?(?) append=?(?,int,int) append=?(char) close=void() flush=void() "
        "nullWriter=?() write=void(String) write=void(String,int,int) write=void(char[]) "
        "write=void(char[],int,int) write=void(int) "
    ),
    "Exception": (
        "addSuppressed=void(?) fillInStackTrace=?() getCause=?() getLocalizedMessage=String() "
        "getMessage=String() getStackTrace=?() getSuppressed=?() initCause=?(?) new=() new=(?) "
        "new=(String) new=(String,?) printStackTrace=void() printStackTrace=void(?) "
        "setStackTrace=void(?) "
    ),
    "RuntimeException": (
        "addSuppressed=void(?) fillInStackTrace=?() getCause=?() getLocalizedMessage=String() "
        "getMessage=String() getStackTrace=?() getSuppressed=?() initCause=?(?) new=() new=(?) "
        "new=(String) new=(String,?) printStackTrace=void() printStackTrace=void(?) "
        "setStackTrace=void(?) "
    ),
    "IllegalArgumentException": (
        "addSuppressed=void(?) fillInStackTrace=?() getCause=?() getLocalizedMessage=String() "
        "getMessage=String() getStackTrace=?() getSuppressed=?() initCause=?(?) new=() new=(?) "
        "new=(String) new=(String,?) printStackTrace=void() printStackTrace=void(?) "
        "setStackTrace=void(?) "
    ),
    "IllegalStateException": (
        "addSuppressed=void(?) fillInStackTrace=?() getCause=?() getLocalizedMessage=String() "
        "getMessage=String() getStackTrace=?() getSuppressed=?() initCause=?(?) new=() new=(?) "
        "new=(String) new=(String,?) printStackTrace=void() printStackTrace=void(?) "
        "setStackTrace=void(?) "
    ),
    "NullPointerException": (
        "addSuppressed=void(?) fillInStackTrace=?() getCause=?() getLocalizedMessage=String() "
        "getMessage=String() getStackTrace=?() getSuppressed=?() initCause=?(?) new=() "
        "new=(String) printStackTrace=void() printStackTrace=void(?) setStackTrace=void(?) "
    ),
    "UnsupportedOperationException": (
        "addSuppressed=void(?) fillInStackTrace=?() getCause=?() getLocalizedMessage=String() "
        "getMessage=String() getStackTrace=?() getSuppressed=?() initCause=?(?) new=() new=(?) "
        "new=(String) new=(String,?) printStackTrace=void() printStackTrace=void(?) "
        "setStackTrace=void(?) "
    ),
    "IndexOutOfBoundsException": (
        "addSuppressed=void(?) fillInStackTrace=?() getCause=?() getLocalizedMessage=String() "
        "getMessage=String() getStackTrace=?() getSuppressed=?() initCause=?(?) new=() "
        "new=(String) new=(int) new=(long) printStackTrace=void() printStackTrace=void(?) "
        "setStackTrace=void(?) "
    ),
    "ArrayIndexOutOfBoundsException": (
        "addSuppressed=void(?) fillInStackTrace=?() getCause=?() getLocalizedMessage=String() "
        "getMessage=String() getStackTrace=?() getSuppressed=?() initCause=?(?) new=() "
        "new=(String) new=(int) printStackTrace=void() printStackTrace=void(?) "
        "setStackTrace=void(?) "
    ),
    "ArithmeticException": (
        "addSuppressed=void(?) fillInStackTrace=?() getCause=?() getLocalizedMessage=String() "
        "getMessage=String() getStackTrace=?() getSuppressed=?() initCause=?(?) new=() "
        "new=(String) printStackTrace=void() printStackTrace=void(?) setStackTrace=void(?) "
    ),
    "NumberFormatException": (
        "addSuppressed=void(?) fillInStackTrace=?() getCause=?() getLocalizedMessage=String() "
        "getMessage=String() getStackTrace=?() getSuppressed=?() initCause=?(?) new=() "
        "new=(String) printStackTrace=void() printStackTrace=void(?) setStackTrace=void(?) "
    ),
    "ClassCastException": (
        "addSuppressed=void(?) fillInStackTrace=?() getCause=?() getLocalizedMessage=String() "
        "getMessage=String() getStackTrace=?() getSuppressed=?() initCause=?(?) new=() "
        "new=(String) printStackTrace=void() printStackTrace=void(?) setStackTrace=void(?) "
    ),
    "AssertionError": (
        "addSuppressed=void(?) fillInStackTrace=?() getCause=?() getLocalizedMessage=String() "
        "getMessage=String() getStackTrace=?() getSuppressed=?() initCause=?(?) new=() new=(?) "
        "new=(String,?) new=(boolean) new=(char) new=(double) new=(float) new=(int) new=(long) "
        "printStackTrace=void() printStackTrace=void(?) setStackTrace=void(?) "
    ),
    "NoSuchElementException": (
        "addSuppressed=void(?) fillInStackTrace=?() getCause=?() getLocalizedMessage=String() "
        "getMessage=String() getStackTrace=?() getSuppressed=?() initCause=?(?) new=() new=(?) "
        "new=(String) new=(String,?) printStackTrace=void() printStackTrace=void(?) "
        "setStackTrace=void(?) "
    ),
    "IOException": (
        "addSuppressed=void(?) fillInStackTrace=?() getCause=?() getLocalizedMessage=String() "
        "getMessage=String() getStackTrace=?() getSuppressed=?() initCause=?(?) new=() new=(?) "
        "new=(String) new=(String,?) printStackTrace=void() printStackTrace=void(?) "
        "setStackTrace=void(?) "
    ),
    "UncheckedIOException": (
        "addSuppressed=void(?) fillInStackTrace=?() getCause=?() getLocalizedMessage=String() "
        "getMessage=String() getStackTrace=?() getSuppressed=?() initCause=?(?) new=(?) "
        "new=(String,?) printStackTrace=void() printStackTrace=void(?) setStackTrace=void(?) "
    ),
    "System": (
        "arraycopy=void(?,int,?,int,int) clearProperty=String(String) console=?() "
        "currentTimeMillis=long() exit=void(int) gc=void() getLogger=?(String) "
        "getLogger=?(String,?) getProperties=?() getProperty=String(String) "
        "getProperty=String(String,String) getSecurityManager=?() getenv=?() "
        "getenv=String(String) identityHashCode=int(?) inheritedChannel=?() "
        "lineSeparator=String() load=void(String) loadLibrary=void(String) "
        "mapLibraryName=String(String) nanoTime=long() runFinalization=void() setErr=void(?) "
        "setIn=void(?) setOut=void(?) setProperties=void(?) setProperty=String(String,String) "
        "setSecurityManager=void(?) err:PrintStream in:InputStream out:PrintStream "
    ),
    "Objects": (
        "checkFromIndexSize=int(int,int,int) checkFromIndexSize=long(long,long,long) "
        "checkFromToIndex=int(int,int,int) checkFromToIndex=long(long,long,long) "
        "checkIndex=int(int,int) checkIndex=long(long,long) compare=int(?,?,Comparator) "
        "deepEquals=boolean(?,?) equals=boolean(?,?) hash=int(?...) hashCode=int(?) "
        "isNull=boolean(?) nonNull=boolean(?) requireNonNull=?(?) requireNonNull=?(?,String) "
        "requireNonNull=?(?,Supplier) requireNonNullElse=?(?,?) "
        "requireNonNullElseGet=?(?,Supplier) toString=String(?) toString=String(?,String) "
    ),
    "Optional": (
        "empty=?() filter=?(Predicate) flatMap=?(Function) get=?() ifPresent=void(Consumer) "
        "ifPresentOrElse=void(Consumer,?) isEmpty=boolean() isPresent=boolean() "
        "map=?(Function) of=?(?) ofNullable=?(?) or=?(Supplier) orElse=?(?) "
        "orElseGet=?(Supplier) orElseThrow=?() orElseThrow=?(Supplier) stream=?() "
    ),
    "Iterator": ("forEachRemaining=void(Consumer) hasNext=boolean() next=?() remove=void() "),
    "Collection": (
        "add=boolean(?) addAll=boolean(?) clear=void() contains=boolean(?) "
        "containsAll=boolean(?) forEach=void(Consumer) isEmpty=boolean() iterator=?() "
        "parallelStream=?() remove=boolean(?) removeAll=boolean(?) removeIf=boolean(Predicate) "
        "retainAll=boolean(?) size=int() spliterator=?() stream=?() toArray=?() toArray=?(?) "
        "toArray=?(IntFunction) "
    ),
    "File": (
        "canExecute=boolean() canRead=boolean() canWrite=boolean() compareTo=int(?) "
        "createNewFile=boolean() createTempFile=?(String,String) "
        "createTempFile=?(String,String,?) delete=boolean() deleteOnExit=void() "
        "exists=boolean() getAbsoluteFile=?() getAbsolutePath=String() getCanonicalFile=?() "
        "getCanonicalPath=String() getFreeSpace=long() getName=String() getParent=String() "
        "getParentFile=?() getPath=String() getTotalSpace=long() getUsableSpace=long() "
        "isAbsolute=boolean() isDirectory=boolean() isFile=boolean() isHidden=boolean() "
        "lastModified=long() length=long() list=String[]() list=String[](?) listFiles=?() "
        "listFiles=?(?) listRoots=?() mkdir=boolean() mkdirs=boolean() new=(?) new=(?,String) "
        "new=(String) new=(String,String) renameTo=boolean(?) setExecutable=boolean(boolean) "
        "setExecutable=boolean(boolean,boolean) setLastModified=boolean(long) "
        "setReadOnly=boolean() setReadable=boolean(boolean) "
        "setReadable=boolean(boolean,boolean) setWritable=boolean(boolean) "
        "setWritable=boolean(boolean,boolean) toPath=?() toURI=?() toURL=?() "
        "pathSeparator:String pathSeparatorChar:char separator:String separatorChar:char "
    ),
    "Float": (
        "byteValue=byte() compare=int(float,float) compareTo=int(?) describeConstable=?() "
        "doubleValue=double() floatToIntBits=int(float) floatToRawIntBits=int(float) "
        "floatValue=float() hashCode=int(float) intBitsToFloat=float(int) intValue=int() "
        "isFinite=boolean(float) isInfinite=boolean() isInfinite=boolean(float) "
        "isNaN=boolean() isNaN=boolean(float) longValue=long() max=float(float,float) "
        "min=float(float,float) new=(String) new=(double) new=(float) parseFloat=float(String) "
        "resolveConstantDesc=?(?) shortValue=short() sum=float(float,float) "
        "toHexString=String(float) toString=String(float) valueOf=?(String) valueOf=?(float) "
        "BYTES:int MAX_EXPONENT:int MAX_VALUE:float MIN_EXPONENT:int MIN_NORMAL:float "
        "MIN_VALUE:float NEGATIVE_INFINITY:float NaN:float POSITIVE_INFINITY:float SIZE:int "
        "TYPE: "
    ),
    "Short": (
        "byteValue=byte() compare=int(short,short) compareTo=int(?) "
        "compareUnsigned=int(short,short) decode=?(String) describeConstable=?() "
        "doubleValue=double() floatValue=float() hashCode=int(short) intValue=int() "
        "longValue=long() new=(String) new=(short) parseShort=short(String) "
        "parseShort=short(String,int) reverseBytes=short(short) shortValue=short() "
        "toString=String(short) toUnsignedInt=int(short) toUnsignedLong=long(short) "
        "valueOf=?(String) valueOf=?(String,int) valueOf=?(short) BYTES:int MAX_VALUE:short "
        "MIN_VALUE:short SIZE:int TYPE: "
    ),
    "Byte": (
        "byteValue=byte() compare=int(byte,byte) compareTo=int(?) "
        "compareUnsigned=int(byte,byte) decode=?(String) describeConstable=?() "
        "doubleValue=double() floatValue=float() hashCode=int(byte) intValue=int() "
        "longValue=long() new=(String) new=(byte) parseByte=byte(String) "
        "parseByte=byte(String,int) shortValue=short() toString=String(byte) "
        "toUnsignedInt=int(byte) toUnsignedLong=long(byte) valueOf=?(String) "
        "valueOf=?(String,int) valueOf=?(byte) BYTES:int MAX_VALUE:byte MIN_VALUE:byte "
        "SIZE:int TYPE: "
    ),
    "Iterable": ("forEach=void(Consumer) iterator=?() spliterator=?() "),
    "Pattern": (
        "asMatchPredicate=Predicate() asPredicate=Predicate() compile=?(String) "
        "compile=?(String,int) flags=int() matcher=?(?) matches=boolean(String,?) "
        "pattern=String() quote=String(String) split=String[](?) split=String[](?,int) "
        "splitAsStream=?(?) CANON_EQ:int CASE_INSENSITIVE:int COMMENTS:int DOTALL:int "
        "LITERAL:int MULTILINE:int UNICODE_CASE:int UNICODE_CHARACTER_CLASS:int UNIX_LINES:int "
    ),
    "Matcher": (
        "appendReplacement=?(?,String) appendTail=?(?) end=int() end=int(String) end=int(int) "
        "find=boolean() find=boolean(int) group=String() group=String(String) "
        "group=String(int) groupCount=int() hasAnchoringBounds=boolean() "
        "hasTransparentBounds=boolean() hitEnd=boolean() lookingAt=boolean() matches=boolean() "
        "pattern=?() quoteReplacement=String(String) region=?(int,int) regionEnd=int() "
        "regionStart=int() replaceAll=String(Function) replaceAll=String(String) "
        "replaceFirst=String(Function) replaceFirst=String(String) requireEnd=boolean() "
        "reset=?() reset=?(?) results=?() start=int() start=int(String) start=int(int) "
        "toMatchResult=?() useAnchoringBounds=?(boolean) usePattern=?(?) "
        "useTransparentBounds=?(boolean) "
    ),
    "Path": (
        "compareTo=int(?) endsWith=boolean(?) endsWith=boolean(String) forEach=void(Consumer) "
        "getFileName=?() getFileSystem=?() getName=?(int) getNameCount=int() getParent=?() "
        "getRoot=?() isAbsolute=boolean() iterator=?() normalize=?() of=?(?) "
        "of=?(String,String...) register=?(?,?,?...) register=?(?,?...) relativize=?(?) "
        "resolve=?(?) resolve=?(String) resolveSibling=?(?) resolveSibling=?(String) "
        "spliterator=?() startsWith=boolean(?) startsWith=boolean(String) subpath=?(int,int) "
        "toAbsolutePath=?() toFile=?() toRealPath=?(?...) toUri=?() "
    ),
    "Paths": ("get=?(?) get=?(String,String...) "),
    "Files": (
        "copy=?(?,?,?...) copy=long(?,?) copy=long(?,?,?...) createDirectories=?(?,?...) "
        "createDirectory=?(?,?...) createFile=?(?,?...) createLink=?(?,?) "
        "createSymbolicLink=?(?,?,?...) createTempDirectory=?(?,String,?...) "
        "createTempDirectory=?(String,?...) createTempFile=?(?,String,String,?...) "
        "createTempFile=?(String,String,?...) delete=void(?) deleteIfExists=boolean(?) "
        "exists=boolean(?,?...) find=?(?,int,?,?...) getAttribute=?(?,String,?...) "
        "getFileAttributeView=?(?,?,?...) getFileStore=?(?) getLastModifiedTime=?(?,?...) "
        "getOwner=?(?,?...) getPosixFilePermissions=?(?,?...) isDirectory=boolean(?,?...) "
        "isExecutable=boolean(?) isHidden=boolean(?) isReadable=boolean(?) "
        "isRegularFile=boolean(?,?...) isSameFile=boolean(?,?) isSymbolicLink=boolean(?) "
        "isWritable=boolean(?) lines=?(?) lines=?(?,?) list=?(?) mismatch=long(?,?) "
        "move=?(?,?,?...) newBufferedReader=?(?) newBufferedReader=?(?,?) "
        "newBufferedWriter=?(?,?,?...) newBufferedWriter=?(?,?...) newByteChannel=?(?,?,?...) "
        "newByteChannel=?(?,?...) newDirectoryStream=?(?) newDirectoryStream=?(?,?) "
        "newDirectoryStream=?(?,String) newInputStream=?(?,?...) newOutputStream=?(?,?...) "
        "notExists=boolean(?,?...) probeContentType=String(?) readAllBytes=byte[](?) "
        "readAllLines=?(?) readAllLines=?(?,?) readAttributes=?(?,?,?...) "
        "readAttributes=?(?,String,?...) readString=String(?) readString=String(?,?) "
        "readSymbolicLink=?(?) setAttribute=?(?,String,?,?...) setLastModifiedTime=?(?,?) "
        "setOwner=?(?,?) setPosixFilePermissions=?(?,?) size=long(?) walk=?(?,?...) "
        "walk=?(?,int,?...) walkFileTree=?(?,?) walkFileTree=?(?,?,int,?) write=?(?,?,?,?...) "
        "write=?(?,?,?...) write=?(?,byte[],?...) writeString=?(?,?,?,?...) "
        "writeString=?(?,?,?...) "
    ),
    "Charset": (
        "aliases=?() availableCharsets=?() canEncode=boolean() compareTo=int(?) "
        "contains=boolean(?) decode=?(?) defaultCharset=?() displayName=String() "
        "displayName=String(?) encode=?(?) encode=?(String) forName=?(String) "
        "isRegistered=boolean() isSupported=boolean(String) name=String() newDecoder=?() "
        "newEncoder=?() "
    ),
    "StandardCharsets": ("ISO_8859_1: US_ASCII: UTF_16: UTF_16BE: UTF_16LE: UTF_8: "),
    "Duration": (
        "abs=?() addTo=?(?) between=?(?,?) compareTo=int(?) dividedBy=?(long) "
        "dividedBy=long(?) from=?(?) get=long(?) getNano=int() getSeconds=long() getUnits=?() "
        "isNegative=boolean() isZero=boolean() minus=?(?) minus=?(long,?) minusDays=?(long) "
        "minusHours=?(long) minusMillis=?(long) minusMinutes=?(long) minusNanos=?(long) "
        "minusSeconds=?(long) multipliedBy=?(long) negated=?() of=?(long,?) ofDays=?(long) "
        "ofHours=?(long) ofMillis=?(long) ofMinutes=?(long) ofNanos=?(long) ofSeconds=?(long) "
        "ofSeconds=?(long,long) parse=?(?) plus=?(?) plus=?(long,?) plusDays=?(long) "
        "plusHours=?(long) plusMillis=?(long) plusMinutes=?(long) plusNanos=?(long) "
        "plusSeconds=?(long) subtractFrom=?(?) toDays=long() toDaysPart=long() toHours=long() "
        "toHoursPart=int() toMillis=long() toMillisPart=int() toMinutes=long() "
        "toMinutesPart=int() toNanos=long() toNanosPart=int() toSeconds=long() "
        "toSecondsPart=int() truncatedTo=?(?) withNanos=?(int) withSeconds=?(long) ZERO: "
    ),
    "Instant": (
        "adjustInto=?(?) atOffset=?(?) atZone=?(?) compareTo=int(?) from=?(?) get=int(?) "
        "getEpochSecond=long() getLong=long(?) getNano=int() isAfter=boolean(?) "
        "isBefore=boolean(?) isSupported=boolean(?) minus=?(?) minus=?(long,?) "
        "minusMillis=?(long) minusNanos=?(long) minusSeconds=?(long) now=?() now=?(?) "
        "ofEpochMilli=?(long) ofEpochSecond=?(long) ofEpochSecond=?(long,long) parse=?(?) "
        "plus=?(?) plus=?(long,?) plusMillis=?(long) plusNanos=?(long) plusSeconds=?(long) "
        "query=?(?) range=?(?) toEpochMilli=long() truncatedTo=?(?) until=long(?,?) with=?(?) "
        "with=?(?,long) EPOCH: MAX: MIN: "
    ),
    "Locale": (
        "clone=?() filter=?(?,?) filter=?(?,?,?) filterTags=?(?,?) filterTags=?(?,?,?) "
        "forLanguageTag=?(String) getAvailableLocales=?() getCountry=String() getDefault=?() "
        "getDefault=?(?) getDisplayCountry=String() getDisplayCountry=String(?) "
        "getDisplayLanguage=String() getDisplayLanguage=String(?) getDisplayName=String() "
        "getDisplayName=String(?) getDisplayScript=String() getDisplayScript=String(?) "
        "getDisplayVariant=String() getDisplayVariant=String(?) getExtension=String(char) "
        "getExtensionKeys=?() getISO3Country=String() getISO3Language=String() "
        "getISOCountries=?(?) getISOCountries=String[]() getISOLanguages=String[]() "
        "getLanguage=String() getScript=String() getUnicodeLocaleAttributes=?() "
        "getUnicodeLocaleKeys=?() getUnicodeLocaleType=String(String) getVariant=String() "
        "hasExtensions=boolean() lookup=?(?,?) lookupTag=String(?,?) new=(String) "
        "new=(String,String) new=(String,String,String) setDefault=void(?) "
        "setDefault=void(?,?) stripExtensions=?() toLanguageTag=String() CANADA: "
        "CANADA_FRENCH: CHINA: CHINESE: ENGLISH: FRANCE: FRENCH: GERMAN: GERMANY: ITALIAN: "
        "ITALY: JAPAN: JAPANESE: KOREA: KOREAN: PRC: PRIVATE_USE_EXTENSION:char ROOT: "
        "SIMPLIFIED_CHINESE: TAIWAN: TRADITIONAL_CHINESE: UK: UNICODE_LOCALE_EXTENSION:char "
        "US: "
    ),
    "ByteArrayInputStream": (
        "available=int() close=void() mark=void(int) markSupported=boolean() new=(byte[]) "
        "new=(byte[],int,int) nullInputStream=?() read=int() read=int(byte[]) "
        "read=int(byte[],int,int) readAllBytes=byte[]() readNBytes=byte[](int) "
        "readNBytes=int(byte[],int,int) reset=void() skip=long(long) skipNBytes=void(long) "
        "transferTo=long(?) "
    ),
    "ByteArrayOutputStream": (
        "close=void() flush=void() new=() new=(int) nullOutputStream=?() reset=void() "
        "size=int() toByteArray=byte[]() toString=String(?) toString=String(String) "
        "toString=String(int) write=void(byte[]) write=void(byte[],int,int) write=void(int) "
        "writeBytes=void(byte[]) writeTo=void(?) "
    ),
    "StringReader": (
        "close=void() mark=void(int) markSupported=boolean() new=(String) nullReader=?() "
        "read=int() read=int(?) read=int(char[]) read=int(char[],int,int) ready=boolean() "
        "reset=void() skip=long(long) transferTo=long(?) "
    ),
    "StringWriter": (
        "append=?(?) append=?(?,int,int) append=?(char) close=void() flush=void() "
        "getBuffer=?() new=() new=(int) nullWriter=?() write=void(String) "
        "write=void(String,int,int) write=void(char[]) write=void(char[],int,int) "
        "write=void(int) "
    ),
    "InputStreamReader": (
        "close=void() getEncoding=String() mark=void(int) markSupported=boolean() new=(?) "
        "new=(?,?) new=(?,String) nullReader=?() read=int() read=int(?) read=int(char[]) "
        "read=int(char[],int,int) ready=boolean() reset=void() skip=long(long) "
        "transferTo=long(?) "
    ),
    "OutputStreamWriter": (
        "append=?(?) append=?(?,int,int) append=?(char) close=void() flush=void() "
        "getEncoding=String() new=(?) new=(?,?) new=(?,String) nullWriter=?() "
        "write=void(String) write=void(String,int,int) write=void(char[]) "
        "write=void(char[],int,int) write=void(int) "
    ),
    "FileInputStream": (
        "available=int() close=void() getChannel=?() getFD=?() mark=void(int) "
        "markSupported=boolean() new=(?) new=(String) nullInputStream=?() read=int() "
        "read=int(byte[]) read=int(byte[],int,int) readAllBytes=byte[]() "
        "readNBytes=byte[](int) readNBytes=int(byte[],int,int) reset=void() skip=long(long) "
        "skipNBytes=void(long) transferTo=long(?) "
    ),
    "FileOutputStream": (
        "close=void() flush=void() getChannel=?() getFD=?() new=(?) new=(?,boolean) "
        "new=(String) new=(String,boolean) nullOutputStream=?() write=void(byte[]) "
        "write=void(byte[],int,int) write=void(int) "
    ),
    "BufferedWriter": (
        "append=?(?) append=?(?,int,int) append=?(char) close=void() flush=void() new=(?) "
        "new=(?,int) newLine=void() nullWriter=?() write=void(String) "
        "write=void(String,int,int) write=void(char[]) write=void(char[],int,int) "
        "write=void(int) "
    ),
    "BufferedInputStream": (
        "available=int() close=void() mark=void(int) markSupported=boolean() new=(?) "
        "new=(?,int) nullInputStream=?() read=int() read=int(byte[]) read=int(byte[],int,int) "
        "readAllBytes=byte[]() readNBytes=byte[](int) readNBytes=int(byte[],int,int) "
        "reset=void() skip=long(long) skipNBytes=void(long) transferTo=long(?) "
    ),
    "BufferedOutputStream": (
        "close=void() flush=void() new=(?) new=(?,int) nullOutputStream=?() write=void(byte[]) "
        "write=void(byte[],int,int) write=void(int) "
    ),
    # java.lang's threads (Commons IO's QueueOutputStream was offered
    # Thread.currentThread(e).interrupt(), DemuxOutputStream outputStreamThreadLocal.add(output))
    "Thread": (
        "activeCount=int() checkAccess=void() countStackFrames=int() currentThread=?() "
        "dumpStack=void() enumerate=int(?) getAllStackTraces=?() getContextClassLoader=?() "
        "getDefaultUncaughtExceptionHandler=?() getId=long() getName=String() "
        "getPriority=int() getStackTrace=?() getState=?() getThreadGroup=?() "
        "getUncaughtExceptionHandler=?() holdsLock=boolean(?) interrupt=void() "
        "interrupted=boolean() isAlive=boolean() isDaemon=boolean() isInterrupted=boolean() "
        "join=void() join=void(long) join=void(long,int) new=() new=(?) new=(?,?) "
        "new=(?,?,String) new=(?,?,String,long) new=(?,?,String,long,boolean) new=(?,String) "
        "new=(String) onSpinWait=void() resume=void() run=void() setContextClassLoader=void(?) "
        "setDaemon=void(boolean) setDefaultUncaughtExceptionHandler=void(?) "
        "setName=void(String) setPriority=void(int) setUncaughtExceptionHandler=void(?) "
        "sleep=void(long) sleep=void(long,int) start=void() stop=void() suspend=void() "
        "yield=void() MAX_PRIORITY:int MIN_PRIORITY:int NORM_PRIORITY:int "
    ),
    "ThreadLocal": ("get=?() new=() remove=void() set=void(?) withInitial=?(Supplier) "),
    # java.util.concurrent and its atomic package (Guava's Queues was offered
    # TimeUnit.timeout for TimeUnit.NANOSECONDS)
    "TimeUnit": (
        "compareTo=int(?) convert=long(?) convert=long(long,?) describeConstable=?() "
        "getDeclaringClass=?() name=String() of=?(?) ordinal=int() sleep=void(long) "
        "timedJoin=void(?,long) timedWait=void(?,long) toChronoUnit=?() toDays=long(long) "
        "toHours=long(long) toMicros=long(long) toMillis=long(long) toMinutes=long(long) "
        "toNanos=long(long) toSeconds=long(long) valueOf=?(?,String) valueOf=?(String) "
        "values=?() DAYS: HOURS: MICROSECONDS: MILLISECONDS: MINUTES: NANOSECONDS: SECONDS: "
    ),
    "AtomicInteger": (
        "accumulateAndGet=int(int,IntBinaryOperator) addAndGet=int(int) byteValue=byte() "
        "compareAndExchange=int(int,int) compareAndExchangeAcquire=int(int,int) "
        "compareAndExchangeRelease=int(int,int) compareAndSet=boolean(int,int) "
        "decrementAndGet=int() doubleValue=double() floatValue=float() get=int() "
        "getAcquire=int() getAndAccumulate=int(int,IntBinaryOperator) getAndAdd=int(int) "
        "getAndDecrement=int() getAndIncrement=int() getAndSet=int(int) "
        "getAndUpdate=int(IntUnaryOperator) getOpaque=int() getPlain=int() "
        "incrementAndGet=int() intValue=int() lazySet=void(int) longValue=long() new=() "
        "new=(int) set=void(int) setOpaque=void(int) setPlain=void(int) setRelease=void(int) "
        "shortValue=short() updateAndGet=int(IntUnaryOperator) "
        "weakCompareAndSet=boolean(int,int) weakCompareAndSetAcquire=boolean(int,int) "
        "weakCompareAndSetPlain=boolean(int,int) weakCompareAndSetRelease=boolean(int,int) "
        "weakCompareAndSetVolatile=boolean(int,int) "
    ),
    "AtomicLong": (
        "accumulateAndGet=long(long,LongBinaryOperator) addAndGet=long(long) byteValue=byte() "
        "compareAndExchange=long(long,long) compareAndExchangeAcquire=long(long,long) "
        "compareAndExchangeRelease=long(long,long) compareAndSet=boolean(long,long) "
        "decrementAndGet=long() doubleValue=double() floatValue=float() get=long() "
        "getAcquire=long() getAndAccumulate=long(long,LongBinaryOperator) getAndAdd=long(long) "
        "getAndDecrement=long() getAndIncrement=long() getAndSet=long(long) "
        "getAndUpdate=long(?) getOpaque=long() getPlain=long() incrementAndGet=long() "
        "intValue=int() lazySet=void(long) longValue=long() new=() new=(long) set=void(long) "
        "setOpaque=void(long) setPlain=void(long) setRelease=void(long) shortValue=short() "
        "updateAndGet=long(?) weakCompareAndSet=boolean(long,long) "
        "weakCompareAndSetAcquire=boolean(long,long) weakCompareAndSetPlain=boolean(long,long) "
        "weakCompareAndSetRelease=boolean(long,long) "
        "weakCompareAndSetVolatile=boolean(long,long) "
    ),
    "AtomicBoolean": (
        "compareAndExchange=boolean(boolean,boolean) "
        "compareAndExchangeAcquire=boolean(boolean,boolean) "
        "compareAndExchangeRelease=boolean(boolean,boolean) "
        "compareAndSet=boolean(boolean,boolean) get=boolean() getAcquire=boolean() "
        "getAndSet=boolean(boolean) getOpaque=boolean() getPlain=boolean() "
        "lazySet=void(boolean) new=() new=(boolean) set=void(boolean) setOpaque=void(boolean) "
        "setPlain=void(boolean) setRelease=void(boolean) "
        "weakCompareAndSet=boolean(boolean,boolean) "
        "weakCompareAndSetAcquire=boolean(boolean,boolean) "
        "weakCompareAndSetPlain=boolean(boolean,boolean) "
        "weakCompareAndSetRelease=boolean(boolean,boolean) "
        "weakCompareAndSetVolatile=boolean(boolean,boolean) "
    ),
    "AtomicReference": (
        "accumulateAndGet=?(?,BinaryOperator) compareAndExchange=?(?,?) "
        "compareAndExchangeAcquire=?(?,?) compareAndExchangeRelease=?(?,?) "
        "compareAndSet=boolean(?,?) get=?() getAcquire=?() "
        "getAndAccumulate=?(?,BinaryOperator) getAndSet=?(?) getAndUpdate=?(UnaryOperator) "
        "getOpaque=?() getPlain=?() lazySet=void(?) new=() new=(?) set=void(?) "
        "setOpaque=void(?) setPlain=void(?) setRelease=void(?) updateAndGet=?(UnaryOperator) "
        "weakCompareAndSet=boolean(?,?) weakCompareAndSetAcquire=boolean(?,?) "
        "weakCompareAndSetPlain=boolean(?,?) weakCompareAndSetRelease=boolean(?,?) "
        "weakCompareAndSetVolatile=boolean(?,?) "
    ),
    "ConcurrentHashMap": (
        "clear=void() compute=?(?,BiFunction) computeIfAbsent=?(?,Function) "
        "computeIfPresent=?(?,BiFunction) contains=boolean(?) containsKey=boolean(?) "
        "containsValue=boolean(?) elements=?() entrySet=?() forEach=void(BiConsumer) "
        "forEach=void(long,BiConsumer) forEach=void(long,BiFunction,Consumer) "
        "forEachEntry=void(long,Consumer) forEachEntry=void(long,Function,Consumer) "
        "forEachKey=void(long,Consumer) forEachKey=void(long,Function,Consumer) "
        "forEachValue=void(long,Consumer) forEachValue=void(long,Function,Consumer) get=?(?) "
        "getOrDefault=?(?,?) isEmpty=boolean() keySet=?() keySet=?(?) keys=?() "
        "mappingCount=long() merge=?(?,?,BiFunction) new=() new=(?) new=(int) new=(int,float) "
        "new=(int,float,int) newKeySet=?() newKeySet=?(int) put=?(?,?) putAll=void(?) "
        "putIfAbsent=?(?,?) reduce=?(long,BiFunction,BiFunction) "
        "reduceEntries=?(long,BiFunction) reduceEntries=?(long,Function,BiFunction) "
        "reduceEntriesToDouble=double(long,?,double,DoubleBinaryOperator) "
        "reduceEntriesToInt=int(long,?,int,IntBinaryOperator) "
        "reduceEntriesToLong=long(long,?,long,LongBinaryOperator) "
        "reduceKeys=?(long,BiFunction) reduceKeys=?(long,Function,BiFunction) "
        "reduceKeysToDouble=double(long,?,double,DoubleBinaryOperator) "
        "reduceKeysToInt=int(long,?,int,IntBinaryOperator) "
        "reduceKeysToLong=long(long,?,long,LongBinaryOperator) "
        "reduceToDouble=double(long,?,double,DoubleBinaryOperator) "
        "reduceToInt=int(long,?,int,IntBinaryOperator) "
        "reduceToLong=long(long,?,long,LongBinaryOperator) reduceValues=?(long,BiFunction) "
        "reduceValues=?(long,Function,BiFunction) "
        "reduceValuesToDouble=double(long,?,double,DoubleBinaryOperator) "
        "reduceValuesToInt=int(long,?,int,IntBinaryOperator) "
        "reduceValuesToLong=long(long,?,long,LongBinaryOperator) remove=?(?) "
        "remove=boolean(?,?) replace=?(?,?) replace=boolean(?,?,?) replaceAll=void(BiFunction) "
        "search=?(long,BiFunction) searchEntries=?(long,Function) searchKeys=?(long,Function) "
        "searchValues=?(long,Function) size=int() values=?() "
    ),
    "ExecutorService": (
        "awaitTermination=boolean(long,?) execute=void(?) invokeAll=?(?) invokeAll=?(?,long,?) "
        "invokeAny=?(?) invokeAny=?(?,long,?) isShutdown=boolean() isTerminated=boolean() "
        "shutdown=void() shutdownNow=?() submit=?(?) submit=?(?,?) "
    ),
    "Executors": (
        "callable=?(?) callable=?(?,?) defaultThreadFactory=?() newCachedThreadPool=?() "
        "newCachedThreadPool=?(?) newFixedThreadPool=?(int) newFixedThreadPool=?(int,?) "
        "newScheduledThreadPool=?(int) newScheduledThreadPool=?(int,?) "
        "newSingleThreadExecutor=?() newSingleThreadExecutor=?(?) "
        "newSingleThreadScheduledExecutor=?() newSingleThreadScheduledExecutor=?(?) "
        "newWorkStealingPool=?() newWorkStealingPool=?(int) privilegedCallable=?(?) "
        "privilegedCallableUsingCurrentClassLoader=?(?) privilegedThreadFactory=?() "
        "unconfigurableExecutorService=?(?) unconfigurableScheduledExecutorService=?(?) "
    ),
    "Future": (
        "cancel=boolean(boolean) get=?() get=?(long,?) isCancelled=boolean() isDone=boolean() "
    ),
    "CountDownLatch": (
        "await=boolean(long,?) await=void() countDown=void() getCount=long() new=(int) "
    ),
    "Class": (
        "arrayType=?() asSubclass=?(?) cast=?(?) componentType=?() describeConstable=?() "
        "descriptorString=String() desiredAssertionStatus=boolean() forName=?(?,String) "
        "forName=?(String) forName=?(String,boolean,?) getAnnotatedInterfaces=?() "
        "getAnnotatedSuperclass=?() getAnnotation=?(?) getAnnotations=?() "
        "getAnnotationsByType=?(?) getCanonicalName=String() getClassLoader=?() getClasses=?() "
        "getComponentType=?() getConstructor=?(?...) getConstructors=?() "
        "getDeclaredAnnotation=?(?) getDeclaredAnnotations=?() "
        "getDeclaredAnnotationsByType=?(?) getDeclaredClasses=?() "
        "getDeclaredConstructor=?(?...) getDeclaredConstructors=?() getDeclaredField=?(String) "
        "getDeclaredFields=?() getDeclaredMethod=?(String,?...) getDeclaredMethods=?() "
        "getDeclaringClass=?() getEnclosingClass=?() getEnclosingConstructor=?() "
        "getEnclosingMethod=?() getEnumConstants=?() getField=?(String) getFields=?() "
        "getGenericInterfaces=?() getGenericSuperclass=?() getInterfaces=?() "
        "getMethod=?(String,?...) getMethods=?() getModifiers=int() getModule=?() "
        "getName=String() getNestHost=?() getNestMembers=?() getPackage=?() "
        "getPackageName=String() getPermittedSubclasses=?() getProtectionDomain=?() "
        "getRecordComponents=?() getResource=?(String) getResourceAsStream=?(String) "
        "getSigners=?() getSimpleName=String() getSuperclass=?() getTypeName=String() "
        "getTypeParameters=?() isAnnotation=boolean() isAnnotationPresent=boolean(?) "
        "isAnonymousClass=boolean() isArray=boolean() isAssignableFrom=boolean(?) "
        "isEnum=boolean() isHidden=boolean() isInstance=boolean(?) isInterface=boolean() "
        "isLocalClass=boolean() isMemberClass=boolean() isNestmateOf=boolean(?) "
        "isPrimitive=boolean() isRecord=boolean() isSealed=boolean() isSynthetic=boolean() "
        "newInstance=?() toGenericString=String() "
    ),
    "Vector": (
        "add=boolean(?) add=void(int,?) addAll=boolean(?) addAll=boolean(int,?) "
        "addElement=void(?) capacity=int() clear=void() clone=?() contains=boolean(?) "
        "containsAll=boolean(?) copyInto=void(?) elementAt=?(int) elements=?() "
        "ensureCapacity=void(int) firstElement=?() forEach=void(Consumer) get=?(int) "
        "indexOf=int(?) indexOf=int(?,int) insertElementAt=void(?,int) isEmpty=boolean() "
        "iterator=?() lastElement=?() lastIndexOf=int(?) lastIndexOf=int(?,int) "
        "listIterator=?() listIterator=?(int) new=() new=(?) new=(int) new=(int,int) "
        "parallelStream=?() remove=?(int) remove=boolean(?) removeAll=boolean(?) "
        "removeAllElements=void() removeElement=boolean(?) removeElementAt=void(int) "
        "removeIf=boolean(Predicate) replaceAll=void(UnaryOperator) retainAll=boolean(?) "
        "set=?(int,?) setElementAt=void(?,int) setSize=void(int) size=int() "
        "sort=void(Comparator) spliterator=?() stream=?() subList=?(int,int) toArray=?() "
        "toArray=?(?) toArray=?(IntFunction) trimToSize=void() "
    ),
    "BigInteger": (
        "abs=?() add=?(?) and=?(?) andNot=?(?) bitCount=int() bitLength=int() byteValue=byte() "
        "byteValueExact=byte() clearBit=?(int) compareTo=int(?) divide=?(?) "
        "divideAndRemainder=?(?) doubleValue=double() flipBit=?(int) floatValue=float() "
        "gcd=?(?) getLowestSetBit=int() intValue=int() intValueExact=int() "
        "isProbablePrime=boolean(int) longValue=long() longValueExact=long() max=?(?) min=?(?) "
        "mod=?(?) modInverse=?(?) modPow=?(?,?) multiply=?(?) negate=?() new=(String) "
        "new=(String,int) new=(byte[]) new=(byte[],int,int) new=(int,?) new=(int,byte[]) "
        "new=(int,byte[],int,int) new=(int,int,?) nextProbablePrime=?() not=?() or=?(?) "
        "pow=?(int) probablePrime=?(int,?) remainder=?(?) setBit=?(int) shiftLeft=?(int) "
        "shiftRight=?(int) shortValue=short() shortValueExact=short() signum=int() sqrt=?() "
        "sqrtAndRemainder=?() subtract=?(?) testBit=boolean(int) toByteArray=byte[]() "
        "toString=String(int) valueOf=?(long) xor=?(?) ONE: TEN: TWO: ZERO: "
    ),
    "BigDecimal": (
        "abs=?() abs=?(?) add=?(?) add=?(?,?) byteValue=byte() byteValueExact=byte() "
        "compareTo=int(?) divide=?(?) divide=?(?,?) divide=?(?,int) divide=?(?,int,?) "
        "divide=?(?,int,int) divideAndRemainder=?(?) divideAndRemainder=?(?,?) "
        "divideToIntegralValue=?(?) divideToIntegralValue=?(?,?) doubleValue=double() "
        "floatValue=float() intValue=int() intValueExact=int() longValue=long() "
        "longValueExact=long() max=?(?) min=?(?) movePointLeft=?(int) movePointRight=?(int) "
        "multiply=?(?) multiply=?(?,?) negate=?() negate=?(?) new=(?) new=(?,?) new=(?,int) "
        "new=(?,int,?) new=(String) new=(String,?) new=(char[]) new=(char[],?) "
        "new=(char[],int,int) new=(char[],int,int,?) new=(double) new=(double,?) new=(int) "
        "new=(int,?) new=(long) new=(long,?) plus=?() plus=?(?) pow=?(int) pow=?(int,?) "
        "precision=int() remainder=?(?) remainder=?(?,?) round=?(?) scale=int() "
        "scaleByPowerOfTen=?(int) setScale=?(int) setScale=?(int,?) setScale=?(int,int) "
        "shortValue=short() shortValueExact=short() signum=int() sqrt=?(?) "
        "stripTrailingZeros=?() subtract=?(?) subtract=?(?,?) toBigInteger=?() "
        "toBigIntegerExact=?() toEngineeringString=String() toPlainString=String() ulp=?() "
        "unscaledValue=?() valueOf=?(double) valueOf=?(long) valueOf=?(long,int) ONE: "
        "ROUND_CEILING:int ROUND_DOWN:int ROUND_FLOOR:int ROUND_HALF_DOWN:int "
        "ROUND_HALF_EVEN:int ROUND_HALF_UP:int ROUND_UNNECESSARY:int ROUND_UP:int TEN: ZERO: "
    ),
    "Random": (
        "doubles=?() doubles=?(double,double) doubles=?(long) doubles=?(long,double,double) "
        "ints=?() ints=?(int,int) ints=?(long) ints=?(long,int,int) isDeprecated=boolean() "
        "longs=?() longs=?(long) longs=?(long,long) longs=?(long,long,long) new=() new=(long) "
        "nextBoolean=boolean() nextBytes=void(byte[]) nextDouble=double() "
        "nextDouble=double(double) nextDouble=double(double,double) nextExponential=double() "
        "nextFloat=float() nextFloat=float(float) nextFloat=float(float,float) "
        "nextGaussian=double() nextGaussian=double(double,double) nextInt=int() "
        "nextInt=int(int) nextInt=int(int,int) nextLong=long() nextLong=long(long) "
        "nextLong=long(long,long) setSeed=void(long) "
    ),
    "LinkedHashMap": (
        "clear=void() clone=?() compute=?(?,BiFunction) computeIfAbsent=?(?,Function) "
        "computeIfPresent=?(?,BiFunction) containsKey=boolean(?) containsValue=boolean(?) "
        "entrySet=?() forEach=void(BiConsumer) get=?(?) getOrDefault=?(?,?) isEmpty=boolean() "
        "keySet=?() merge=?(?,?,BiFunction) new=() new=(?) new=(int) new=(int,float) "
        "new=(int,float,boolean) put=?(?,?) putAll=void(?) putIfAbsent=?(?,?) remove=?(?) "
        "remove=boolean(?,?) replace=?(?,?) replace=boolean(?,?,?) replaceAll=void(BiFunction) "
        "size=int() values=?() "
    ),
    "LinkedHashSet": (
        "add=boolean(?) addAll=boolean(?) clear=void() clone=?() contains=boolean(?) "
        "containsAll=boolean(?) forEach=void(Consumer) isEmpty=boolean() iterator=?() new=() "
        "new=(?) new=(int) new=(int,float) parallelStream=?() remove=boolean(?) "
        "removeAll=boolean(?) removeIf=boolean(Predicate) retainAll=boolean(?) size=int() "
        "spliterator=?() stream=?() toArray=?() toArray=?(?) toArray=?(IntFunction) "
    ),
    "BitSet": (
        "and=void(?) andNot=void(?) cardinality=int() clear=void() clear=void(int) "
        "clear=void(int,int) clone=?() flip=void(int) flip=void(int,int) get=?(int,int) "
        "get=boolean(int) intersects=boolean(?) isEmpty=boolean() length=int() new=() "
        "new=(int) nextClearBit=int(int) nextSetBit=int(int) or=void(?) "
        "previousClearBit=int(int) previousSetBit=int(int) set=void(int) set=void(int,boolean) "
        "set=void(int,int) set=void(int,int,boolean) size=int() stream=?() "
        "toByteArray=byte[]() toLongArray=long[]() valueOf=?(?) valueOf=?(byte[]) "
        "valueOf=?(long[]) xor=void(?) "
    ),
}
_TABLE["StringBuffer"] = _TABLE["StringBuilder"]  # the same members, synchronized
_SEQUENCED = (
    "addFirst=void(?) addLast=void(?) getFirst=?() getLast=?() removeFirst=?() removeLast=?()"
    " reversed=?()"
)
# members added after JDK 17 (18: Math; 19, 21: sequenced collections, String, Math.clamp,
# ExecutorService.close, Future's results, virtual threads, BigInteger.parallelMultiply,
# BigDecimal.TWO; 22: Random.equiDoubles; 24: Reader.of), read by reflection on JDK 25 where
# the type is new to the table
_LATER = {
    "Class": "accessFlags=?() forPrimitiveName=?(String)",  # 20, 22
    "Thread": "ofPlatform=?() ofVirtual=?() startVirtualThread=?(?) isVirtual=boolean()"
    " threadId=long() join=boolean(?) sleep=void(?)",  # 19, 21
    "ExecutorService": "close=void()",  # 19
    "Future": "resultNow=?() exceptionNow=?() state=?()",  # 19
    "Executors": "newVirtualThreadPerTaskExecutor=?() newThreadPerTaskExecutor=?(?)",  # 21
    "Math": "ceilDiv=?(?,?) ceilDivExact=?(?,?) ceilMod=?(?,?) divideExact=?(?,?)"
    " floorDivExact=?(?,?) clamp=?(?,?,?)",
    "String": "indexOf=int(?,int,int) splitWithDelimiters=String[](String,int)",
    "StringBuilder": "repeat=?(?,int)",
    "Integer": "compress=int(int,int) expand=int(int,int)",
    "Long": "compress=long(long,long) expand=long(long,long)",
    "List": _SEQUENCED,
    "ArrayList": _SEQUENCED,
    "LinkedList": "reversed=?()",
    "Deque": "reversed=?()",
    "ArrayDeque": "reversed=?()",
    "TreeMap": "putFirst=?(?,?) putLast=?(?,?) reversed=?() sequencedKeySet=?()"
    " sequencedValues=?() sequencedEntrySet=?()",
    "TreeSet": _SEQUENCED,
    "HashMap": "newHashMap=?(int)",
    "HashSet": "newHashSet=?(int)",
    "Reader": "of=?(?)",  # 24
    "Objects": "toIdentityString=String(?)",  # 19
    "StringBuffer": "repeat=?(?,int)",  # 21
    "Float": "float16ToFloat=float(short) floatToFloat16=short(float)",  # 20
    "Pattern": "namedGroups=?()",  # 20
    "Matcher": "hasMatch=boolean() namedGroups=?()",  # 20
    "Duration": "isPositive=boolean()",  # 18
    "Charset": "forName=?(String,?)",  # 18
    "StringReader": "of=?(?)",  # 24, Reader's
    "InputStreamReader": "of=?(?)",
    "Locale": "of=?(String) of=?(String,String) of=?(String,String,String) availableLocales=?()"
    " caseFoldLanguageTag=String(String)",  # 19, 21
    "BigInteger": "parallelMultiply=?(?)",  # 19
    "BigDecimal": "TWO:",  # 19
    "Random": "equiDoubles=?(double,double,boolean,boolean) from=?(?)",  # 22, 19
    "LinkedHashMap": "firstEntry=?() lastEntry=?() pollFirstEntry=?() pollLastEntry=?()"
    " putFirst=?(?,?) putLast=?(?,?) reversed=?() sequencedKeySet=?() sequencedValues=?()"
    " sequencedEntrySet=?() newHashMap=?(int) newLinkedHashMap=?(int)",  # 19, 21
    "LinkedHashSet": _SEQUENCED + " newHashSet=?(int) newLinkedHashSet=?(int)",  # 19, 21
    "Vector": _SEQUENCED,  # 21
}

# a box's static overloads of Object's method names (Integer.toString(int, int),
# Long.hashCode(long))
_BOXES = {"Integer": "int", "Long": "long", "Short": "short", "Byte": "byte"}
_BOXES |= {"Double": "double", "Float": "float", "Boolean": "boolean", "Character": "char"}
_RADIX = {"Integer": "toString=String(int,int)", "Long": "toString=String(long,int)"}
_RADIX |= {"Character": "toString=String(int)"}  # a code point (JDK 11)
_BOX_OVERLOADS = {
    box: f"toString=String({p}) hashCode=int({p}) {_RADIX.get(box, '')}"
    for box, p in _BOXES.items()
}
# Object's public methods, which the table leaves out of each type (the generator skips them)
# but every type has, an interface's too (JLS 9.2): a call of one is judged against them and
# the type's own overloads of their names (ByteArrayOutputStream.toString(String))
_OBJECT = (
    "toString=String() hashCode=int() equals=boolean(?) getClass=?() notify=void() "
    "notifyAll=void() wait=void() wait=void(long) wait=void(long,int)"
)


def overload(spec: str) -> Overload:
    """``int(char,String...)`` as an :class:`Overload`."""
    returns, _, params = spec.partition("(")
    types = tuple(p for p in params.rstrip(")").split(",") if p)
    varargs = bool(types) and types[-1].endswith("...")
    if varargs:
        types = (*types[:-1], types[-1][:-3] + "[]")
    return Overload(returns, types, varargs)


def merge(a: Member, b: Member) -> Member:
    """The overloads of ``a`` and ``b`` as one member."""
    return Member(a.overloads + b.overloads)


def _library_type(spec: str) -> LibraryType:
    methods: dict[str, Member] = {}
    fields: dict[str, str] = {}
    for item in dict.fromkeys(spec.split()):  # an overload named twice counts once
        if "=" not in item:
            name, kind = item.split(":", 1)
            fields[name] = kind
            continue
        name, sig = item.split("=", 1)
        found = Member((overload(sig),))
        methods[name] = merge(methods[name], found) if name in methods else found
    return LibraryType(methods, fields)


# the package of each type of the table (java.lang's need no import)
_THROWN = {"Exception", "RuntimeException", "IllegalArgumentException", "IllegalStateException"}
_THROWN |= {"NullPointerException", "UnsupportedOperationException", "ArithmeticException"}
_THROWN |= {"IndexOutOfBoundsException", "ArrayIndexOutOfBoundsException", "AssertionError"}
_THROWN |= {"NumberFormatException", "ClassCastException"}
_JAVA_LANG = {"String", "StringBuilder", "Math", "Integer", "Long", "Character", "Double"}
_JAVA_LANG |= {"Boolean", "System", "StringBuffer", "Float", "Short", "Byte", "Iterable"} | _THROWN
_JAVA_LANG |= {"Thread", "ThreadLocal", "Class"}
_JAVA_IO = {"BufferedReader", "PrintWriter", "PrintStream", "InputStream", "OutputStream"}
_JAVA_IO |= {"Reader", "Writer", "IOException", "UncheckedIOException", "File"}
_JAVA_IO |= {"ByteArrayInputStream", "ByteArrayOutputStream", "StringReader", "StringWriter"}
_JAVA_IO |= {"InputStreamReader", "OutputStreamWriter", "FileInputStream", "FileOutputStream"}
_JAVA_IO |= {"BufferedWriter", "BufferedInputStream", "BufferedOutputStream"}
_ELSEWHERE = {"Pattern": "java.util.regex", "Matcher": "java.util.regex"}
_ELSEWHERE |= {"Path": "java.nio.file", "Paths": "java.nio.file", "Files": "java.nio.file"}
_ELSEWHERE |= {"Charset": "java.nio.charset", "StandardCharsets": "java.nio.charset"}
_ELSEWHERE |= {"Duration": "java.time", "Instant": "java.time"}
_ELSEWHERE |= {"BigInteger": "java.math", "BigDecimal": "java.math"}
_ELSEWHERE |= {
    name: "java.util.concurrent"
    for name in "TimeUnit ConcurrentHashMap ExecutorService Executors Future CountDownLatch".split()
}
_ELSEWHERE |= {
    name: "java.util.concurrent.atomic"
    for name in "AtomicInteger AtomicLong AtomicBoolean AtomicReference".split()
}
PACKAGES = {
    name: "java.lang"
    if name in _JAVA_LANG
    else "java.io"
    if name in _JAVA_IO
    else _ELSEWHERE.get(name, "java.util")
    for name in _TABLE
}


def visible(imports: Iterable[str], declared: Container[str], here: str = "") -> frozenset[str]:
    """The types of the table that a file with these ``imports`` (as written after
    ``import``) and these ``declared`` type names sees: java.lang's, and the others imported
    from their package, unless the file declares or imports another of that name; none of
    the file's own package ``here``, whose members it may use beyond the table's public ones (the
    JDK's ClassLoader calls ``Class.getClassLoader0()``)."""
    imported = {name.rsplit(".", 1)[-1]: name for name in imports if not name.startswith("static ")}
    wildcards = {name[:-2] for name in imports if name.endswith(".*")}
    out = set()
    for name, package in PACKAGES.items():
        single = imported.get(name)
        if name in declared or (single is not None and single != f"{package}.{name}"):
            continue  # a class of that name of the file or of another package
        if package == here:
            continue  # package-private members: not the table's
        if package == "java.lang" or single is not None or package in wildcards:
            out.add(name)
    return frozenset(out)


# the methods whose every overload returns one type of the table (JDK 17, by reflection with
# Method.getReturnType, bridges aside; not a box, String or a type variable's erasure): a call
# of one has that type, so what follows it is judged too (``Arrays.asList(values).toList()``)
_RETURNS = {
    "Class": (
        "arrayType=Class asSubclass=Class componentType=Class describeConstable=Optional "
        "forName=Class getComponentType=Class getDeclaringClass=Class getEnclosingClass=Class "
        "getNestHost=Class getResourceAsStream=InputStream getSuperclass=Class"
    ),
    "Vector": "iterator=Iterator subList=List",
    "StringBuilder": (
        "append=StringBuilder appendCodePoint=StringBuilder delete=StringBuilder "
        "deleteCharAt=StringBuilder insert=StringBuilder replace=StringBuilder "
        "reverse=StringBuilder"
    ),
    "Scanner": (
        "delimiter=Pattern ioException=IOException locale=Locale nextBigDecimal=BigDecimal "
        "nextBigInteger=BigInteger reset=Scanner skip=Scanner useDelimiter=Scanner "
        "useLocale=Scanner useRadix=Scanner"
    ),
    "List": "copyOf=List iterator=Iterator of=List subList=List",
    "ArrayList": "iterator=Iterator subList=List",
    "LinkedList": "descendingIterator=Iterator iterator=Iterator subList=List",
    "Map": "copyOf=Map entrySet=Set keySet=Set of=Map ofEntries=Map values=Collection",
    "HashMap": "entrySet=Set keySet=Set values=Collection",
    "TreeMap": "entrySet=Set keySet=Set values=Collection",
    "Set": "copyOf=Set iterator=Iterator of=Set",
    "HashSet": "iterator=Iterator",
    "TreeSet": "descendingIterator=Iterator iterator=Iterator",
    "Deque": "descendingIterator=Iterator iterator=Iterator",
    "ArrayDeque": "clone=ArrayDeque descendingIterator=Iterator iterator=Iterator",
    "Queue": "iterator=Iterator",
    "PriorityQueue": "iterator=Iterator",
    "Stack": "iterator=Iterator subList=List",
    "Arrays": "asList=List",
    "Collections": (
        "asLifoQueue=Queue checkedCollection=Collection checkedList=List checkedMap=Map "
        "checkedQueue=Queue checkedSet=Set emptyIterator=Iterator emptyList=List emptyMap=Map "
        "emptySet=Set list=ArrayList nCopies=List newSetFromMap=Set singleton=Set "
        "singletonList=List singletonMap=Map synchronizedCollection=Collection "
        "synchronizedList=List synchronizedMap=Map synchronizedSet=Set "
        "unmodifiableCollection=Collection unmodifiableList=List unmodifiableMap=Map "
        "unmodifiableSet=Set"
    ),
    "StringTokenizer": "asIterator=Iterator",
    "BufferedReader": "nullReader=Reader",
    "PrintWriter": "append=PrintWriter format=PrintWriter nullWriter=Writer printf=PrintWriter",
    "PrintStream": (
        "append=PrintStream format=PrintStream nullOutputStream=OutputStream printf=PrintStream"
    ),
    "InputStream": "nullInputStream=InputStream",
    "OutputStream": "nullOutputStream=OutputStream",
    "Reader": "nullReader=Reader",
    "Writer": "append=Writer nullWriter=Writer",
    "UncheckedIOException": "getCause=IOException",
    "Optional": (
        "empty=Optional filter=Optional flatMap=Optional map=Optional of=Optional "
        "ofNullable=Optional or=Optional"
    ),
    "Collection": "iterator=Iterator",
    "File": (
        "createTempFile=File getAbsoluteFile=File getCanonicalFile=File getParentFile=File "
        "toPath=Path"
    ),
    "Iterable": "iterator=Iterator",
    "Pattern": "compile=Pattern matcher=Matcher",
    "Matcher": (
        "appendReplacement=Matcher pattern=Pattern region=Matcher reset=Matcher "
        "useAnchoringBounds=Matcher usePattern=Matcher useTransparentBounds=Matcher"
    ),
    "Path": (
        "getFileName=Path getName=Path getParent=Path getRoot=Path iterator=Iterator "
        "normalize=Path of=Path relativize=Path resolve=Path resolveSibling=Path subpath=Path "
        "toAbsolutePath=Path toFile=File toRealPath=Path"
    ),
    "Paths": "get=Path",
    "Files": (
        "createDirectories=Path createDirectory=Path createFile=Path createLink=Path "
        "createSymbolicLink=Path createTempDirectory=Path createTempFile=Path "
        "getPosixFilePermissions=Set move=Path newBufferedReader=BufferedReader "
        "newBufferedWriter=BufferedWriter newInputStream=InputStream "
        "newOutputStream=OutputStream readAllLines=List readSymbolicLink=Path setAttribute=Path "
        "setLastModifiedTime=Path setOwner=Path setPosixFilePermissions=Path walkFileTree=Path "
        "write=Path writeString=Path"
    ),
    "Charset": "aliases=Set defaultCharset=Charset forName=Charset",
    "Duration": (
        "abs=Duration between=Duration from=Duration getUnits=List minus=Duration "
        "minusDays=Duration minusHours=Duration minusMillis=Duration minusMinutes=Duration "
        "minusNanos=Duration minusSeconds=Duration multipliedBy=Duration negated=Duration "
        "of=Duration ofDays=Duration ofHours=Duration ofMillis=Duration ofMinutes=Duration "
        "ofNanos=Duration ofSeconds=Duration parse=Duration plus=Duration plusDays=Duration "
        "plusHours=Duration plusMillis=Duration plusMinutes=Duration plusNanos=Duration "
        "plusSeconds=Duration truncatedTo=Duration withNanos=Duration withSeconds=Duration"
    ),
    "Instant": (
        "from=Instant minus=Instant minusMillis=Instant minusNanos=Instant minusSeconds=Instant "
        "now=Instant ofEpochMilli=Instant ofEpochSecond=Instant parse=Instant plus=Instant "
        "plusMillis=Instant plusNanos=Instant plusSeconds=Instant truncatedTo=Instant "
        "with=Instant"
    ),
    "Locale": (
        "filter=List filterTags=List forLanguageTag=Locale getDefault=Locale "
        "getExtensionKeys=Set getUnicodeLocaleAttributes=Set getUnicodeLocaleKeys=Set "
        "lookup=Locale stripExtensions=Locale"
    ),
    "ByteArrayInputStream": "nullInputStream=InputStream",
    "ByteArrayOutputStream": "nullOutputStream=OutputStream",
    "StringReader": "nullReader=Reader",
    "StringWriter": "append=StringWriter getBuffer=StringBuffer nullWriter=Writer",
    "InputStreamReader": "nullReader=Reader",
    "OutputStreamWriter": "append=Writer nullWriter=Writer",
    "FileInputStream": "nullInputStream=InputStream",
    "FileOutputStream": "nullOutputStream=OutputStream",
    "BufferedWriter": "append=Writer nullWriter=Writer",
    "BufferedInputStream": "nullInputStream=InputStream",
    "BufferedOutputStream": "nullOutputStream=OutputStream",
    "Thread": "currentThread=Thread getAllStackTraces=Map",
    "ThreadLocal": "withInitial=ThreadLocal",
    "TimeUnit": "of=TimeUnit",
    "ConcurrentHashMap": "entrySet=Set values=Collection",
    "ExecutorService": "invokeAll=List shutdownNow=List submit=Future",
    "Executors": (
        "newCachedThreadPool=ExecutorService newFixedThreadPool=ExecutorService "
        "newSingleThreadExecutor=ExecutorService newWorkStealingPool=ExecutorService "
        "unconfigurableExecutorService=ExecutorService"
    ),
    "BigInteger": (
        "abs=BigInteger add=BigInteger and=BigInteger andNot=BigInteger clearBit=BigInteger "
        "divide=BigInteger flipBit=BigInteger gcd=BigInteger max=BigInteger min=BigInteger "
        "mod=BigInteger modInverse=BigInteger modPow=BigInteger multiply=BigInteger "
        "negate=BigInteger nextProbablePrime=BigInteger not=BigInteger or=BigInteger "
        "pow=BigInteger probablePrime=BigInteger remainder=BigInteger setBit=BigInteger "
        "shiftLeft=BigInteger shiftRight=BigInteger sqrt=BigInteger subtract=BigInteger "
        "valueOf=BigInteger xor=BigInteger"
    ),
    "BigDecimal": (
        "abs=BigDecimal add=BigDecimal divide=BigDecimal divideToIntegralValue=BigDecimal "
        "max=BigDecimal min=BigDecimal movePointLeft=BigDecimal movePointRight=BigDecimal "
        "multiply=BigDecimal negate=BigDecimal plus=BigDecimal pow=BigDecimal "
        "remainder=BigDecimal round=BigDecimal scaleByPowerOfTen=BigDecimal setScale=BigDecimal "
        "sqrt=BigDecimal stripTrailingZeros=BigDecimal subtract=BigDecimal "
        "toBigInteger=BigInteger toBigIntegerExact=BigInteger ulp=BigDecimal "
        "unscaledValue=BigInteger valueOf=BigDecimal"
    ),
    "LinkedHashMap": "entrySet=Set keySet=Set values=Collection",
    "LinkedHashSet": "iterator=Iterator",
    "BitSet": "valueOf=BitSet",
    "StringBuffer": (
        "append=StringBuffer appendCodePoint=StringBuffer delete=StringBuffer "
        "deleteCharAt=StringBuffer insert=StringBuffer replace=StringBuffer reverse=StringBuffer"
    ),
}


# an array's members: Object's, and clone() (JLS 10.7); its length is a field of no type here
ARRAY = _library_type(f"{_OBJECT} clone=?()")
# Object's own: its public methods, no field
OBJECT = _library_type(_OBJECT)


# the overloads that take a type of the table (JDK 17, by reflection; not a box or String),
# where no other overload of the name has the parameters the table writes for them ("?" for
# a type it does not name): no primitive, String or array is given there (``a.add(1)`` for a
# BigInteger, ``Collections.sort(values)`` for an int[])
_PARAMETERS = {
    "Class": (
        "asSubclass=(Class) getAnnotation=(Class) getAnnotationsByType=(Class) "
        "getDeclaredAnnotation=(Class) getDeclaredAnnotationsByType=(Class) "
        "isAnnotationPresent=(Class) isAssignableFrom=(Class) isNestmateOf=(Class)"
    ),
    "Vector": (
        "addAll=(Collection) addAll=(int,Collection) containsAll=(Collection) new=(Collection) "
        "removeAll=(Collection) retainAll=(Collection)"
    ),
    "String": (
        "format=(Locale,String,?...) getBytes=(Charset) join=(?,Iterable) new=(byte[],Charset) "
        "new=(byte[],int,int,Charset) toLowerCase=(Locale) toUpperCase=(Locale)"
    ),
    "Scanner": (
        "findAll=(Pattern) findInLine=(Pattern) findWithinHorizon=(Pattern,int) "
        "hasNext=(Pattern) next=(Pattern) skip=(Pattern) useDelimiter=(Pattern) "
        "useLocale=(Locale)"
    ),
    "List": (
        "addAll=(Collection) addAll=(int,Collection) containsAll=(Collection) "
        "copyOf=(Collection) removeAll=(Collection) retainAll=(Collection)"
    ),
    "ArrayList": (
        "addAll=(Collection) addAll=(int,Collection) containsAll=(Collection) new=(Collection) "
        "removeAll=(Collection) retainAll=(Collection)"
    ),
    "LinkedList": (
        "addAll=(Collection) addAll=(int,Collection) containsAll=(Collection) new=(Collection) "
        "removeAll=(Collection) retainAll=(Collection)"
    ),
    "Map": "copyOf=(Map) putAll=(Map)",
    "HashMap": "new=(Map) putAll=(Map)",
    "TreeMap": "putAll=(Map)",
    "Set": (
        "addAll=(Collection) containsAll=(Collection) copyOf=(Collection) removeAll=(Collection) "
        "retainAll=(Collection)"
    ),
    "HashSet": (
        "addAll=(Collection) containsAll=(Collection) new=(Collection) removeAll=(Collection) "
        "retainAll=(Collection)"
    ),
    "TreeSet": (
        "addAll=(Collection) containsAll=(Collection) removeAll=(Collection) retainAll=(Collection)"
    ),
    "Deque": (
        "addAll=(Collection) containsAll=(Collection) removeAll=(Collection) retainAll=(Collection)"
    ),
    "ArrayDeque": (
        "addAll=(Collection) containsAll=(Collection) new=(Collection) removeAll=(Collection) "
        "retainAll=(Collection)"
    ),
    "Queue": (
        "addAll=(Collection) containsAll=(Collection) removeAll=(Collection) retainAll=(Collection)"
    ),
    "PriorityQueue": (
        "addAll=(Collection) containsAll=(Collection) removeAll=(Collection) retainAll=(Collection)"
    ),
    "Stack": (
        "addAll=(Collection) addAll=(int,Collection) containsAll=(Collection) "
        "removeAll=(Collection) retainAll=(Collection)"
    ),
    "Collections": (
        "addAll=(Collection,?...) asLifoQueue=(Deque) binarySearch=(List,?) "
        "binarySearch=(List,?,Comparator) checkedCollection=(Collection,?) checkedList=(List,?) "
        "checkedMap=(Map,?,?) checkedQueue=(Queue,?) checkedSet=(Set,?) copy=(List,List) "
        "disjoint=(Collection,Collection) enumeration=(Collection) fill=(List,?) "
        "frequency=(Collection,?) indexOfSubList=(List,List) lastIndexOfSubList=(List,List) "
        "max=(Collection) max=(Collection,Comparator) min=(Collection) "
        "min=(Collection,Comparator) newSetFromMap=(Map) replaceAll=(List,?,?) reverse=(List) "
        "rotate=(List,int) shuffle=(List) shuffle=(List,Random) sort=(List) "
        "sort=(List,Comparator) swap=(List,int,int) synchronizedCollection=(Collection) "
        "synchronizedList=(List) synchronizedMap=(Map) synchronizedSet=(Set) "
        "unmodifiableCollection=(Collection) unmodifiableList=(List) unmodifiableMap=(Map) "
        "unmodifiableSet=(Set)"
    ),
    "BufferedReader": "new=(Reader) new=(Reader,int) transferTo=(Writer)",
    "PrintWriter": (
        "format=(Locale,String,?...) new=(File,Charset) new=(File,String) "
        "new=(OutputStream,boolean,Charset) new=(String,Charset) printf=(Locale,String,?...)"
    ),
    "PrintStream": (
        "format=(Locale,String,?...) new=(File,Charset) new=(File,String) "
        "new=(OutputStream,boolean) new=(OutputStream,boolean,Charset) "
        "new=(OutputStream,boolean,String) new=(String,Charset) printf=(Locale,String,?...)"
    ),
    "InputStream": "transferTo=(OutputStream)",
    "Reader": "transferTo=(Writer)",
    "UncheckedIOException": "new=(IOException) new=(String,IOException)",
    "System": "setErr=(PrintStream) setIn=(InputStream) setOut=(PrintStream)",
    "Collection": (
        "addAll=(Collection) containsAll=(Collection) removeAll=(Collection) retainAll=(Collection)"
    ),
    "File": "createTempFile=(String,String,File) new=(File,String) renameTo=(File)",
    "Matcher": "usePattern=(Pattern)",
    "Path": (
        "endsWith=(Path) relativize=(Path) resolve=(Path) resolveSibling=(Path) startsWith=(Path)"
    ),
    "Files": (
        "copy=(Path,OutputStream) createDirectories=(Path,?...) createDirectory=(Path,?...) "
        "createFile=(Path,?...) createLink=(Path,Path) createSymbolicLink=(Path,Path,?...) "
        "createTempDirectory=(Path,String,?...) createTempFile=(Path,String,String,?...) "
        "delete=(Path) deleteIfExists=(Path) exists=(Path,?...) find=(Path,int,?,?...) "
        "getAttribute=(Path,String,?...) getFileAttributeView=(Path,?,?...) getFileStore=(Path) "
        "getLastModifiedTime=(Path,?...) getOwner=(Path,?...) "
        "getPosixFilePermissions=(Path,?...) isDirectory=(Path,?...) isExecutable=(Path) "
        "isHidden=(Path) isReadable=(Path) isRegularFile=(Path,?...) isSameFile=(Path,Path) "
        "isSymbolicLink=(Path) isWritable=(Path) lines=(Path) lines=(Path,Charset) list=(Path) "
        "mismatch=(Path,Path) move=(Path,Path,?...) newBufferedReader=(Path) "
        "newBufferedReader=(Path,Charset) newBufferedWriter=(Path,?...) "
        "newBufferedWriter=(Path,Charset,?...) newByteChannel=(Path,?...) "
        "newByteChannel=(Path,Set,?...) newDirectoryStream=(Path) newDirectoryStream=(Path,?) "
        "newDirectoryStream=(Path,String) newInputStream=(Path,?...) newOutputStream=(Path,?...) "
        "notExists=(Path,?...) probeContentType=(Path) readAllBytes=(Path) readAllLines=(Path) "
        "readAllLines=(Path,Charset) readAttributes=(Path,?,?...) "
        "readAttributes=(Path,String,?...) readString=(Path) readString=(Path,Charset) "
        "readSymbolicLink=(Path) setAttribute=(Path,String,?,?...) setLastModifiedTime=(Path,?) "
        "setOwner=(Path,?) setPosixFilePermissions=(Path,Set) size=(Path) walk=(Path,?...) "
        "walk=(Path,int,?...) walkFileTree=(Path,?) walkFileTree=(Path,Set,int,?) "
        "write=(Path,Iterable,?...) write=(Path,Iterable,Charset,?...) write=(Path,byte[],?...) "
        "writeString=(Path,?,?...) writeString=(Path,?,Charset,?...)"
    ),
    "Charset": "contains=(Charset) displayName=(Locale)",
    "Duration": "dividedBy=(Duration) minus=(Duration) plus=(Duration)",
    "Instant": "isAfter=(Instant) isBefore=(Instant)",
    "Locale": (
        "filter=(List,Collection) filter=(List,Collection,?) filterTags=(List,Collection) "
        "filterTags=(List,Collection,?) getDisplayCountry=(Locale) getDisplayLanguage=(Locale) "
        "getDisplayName=(Locale) getDisplayScript=(Locale) getDisplayVariant=(Locale) "
        "lookup=(List,Collection) lookupTag=(List,Collection) setDefault=(?,Locale) "
        "setDefault=(Locale)"
    ),
    "ByteArrayInputStream": "transferTo=(OutputStream)",
    "ByteArrayOutputStream": "toString=(Charset) writeTo=(OutputStream)",
    "StringReader": "transferTo=(Writer)",
    "InputStreamReader": "new=(InputStream) new=(InputStream,String) transferTo=(Writer)",
    "OutputStreamWriter": "new=(OutputStream) new=(OutputStream,String)",
    "FileInputStream": "transferTo=(OutputStream)",
    "FileOutputStream": "new=(File,boolean)",
    "BufferedWriter": "new=(Writer) new=(Writer,int)",
    "BufferedInputStream": "new=(InputStream) new=(InputStream,int) transferTo=(OutputStream)",
    "BufferedOutputStream": "new=(OutputStream) new=(OutputStream,int)",
    "TimeUnit": "convert=(Duration) convert=(long,TimeUnit) timedJoin=(Thread,long)",
    "ConcurrentHashMap": "new=(Map) putAll=(Map)",
    "ExecutorService": (
        "awaitTermination=(long,TimeUnit) invokeAll=(Collection) "
        "invokeAll=(Collection,long,TimeUnit) invokeAny=(Collection) "
        "invokeAny=(Collection,long,TimeUnit)"
    ),
    "Executors": "unconfigurableExecutorService=(ExecutorService)",
    "Future": "get=(long,TimeUnit)",
    "CountDownLatch": "await=(long,TimeUnit)",
    "BigInteger": (
        "add=(BigInteger) and=(BigInteger) andNot=(BigInteger) divide=(BigInteger) "
        "divideAndRemainder=(BigInteger) gcd=(BigInteger) max=(BigInteger) min=(BigInteger) "
        "mod=(BigInteger) modInverse=(BigInteger) modPow=(BigInteger,BigInteger) "
        "multiply=(BigInteger) new=(int,Random) new=(int,int,Random) or=(BigInteger) "
        "probablePrime=(int,Random) remainder=(BigInteger) subtract=(BigInteger) "
        "xor=(BigInteger)"
    ),
    "BigDecimal": (
        "add=(BigDecimal) add=(BigDecimal,?) divide=(BigDecimal) divide=(BigDecimal,int) "
        "divide=(BigDecimal,int,?) divide=(BigDecimal,int,int) divideAndRemainder=(BigDecimal) "
        "divideAndRemainder=(BigDecimal,?) divideToIntegralValue=(BigDecimal) "
        "divideToIntegralValue=(BigDecimal,?) max=(BigDecimal) min=(BigDecimal) "
        "multiply=(BigDecimal) multiply=(BigDecimal,?) new=(BigInteger) new=(BigInteger,?) "
        "new=(BigInteger,int) new=(BigInteger,int,?) remainder=(BigDecimal) "
        "remainder=(BigDecimal,?) subtract=(BigDecimal) subtract=(BigDecimal,?)"
    ),
    "LinkedHashMap": "new=(Map) putAll=(Map)",
    "LinkedHashSet": (
        "addAll=(Collection) containsAll=(Collection) new=(Collection) removeAll=(Collection) "
        "retainAll=(Collection)"
    ),
    "BitSet": "and=(BitSet) andNot=(BitSet) intersects=(BitSet) or=(BitSet) xor=(BitSet)",
}


def _typed(kind: LibraryType, returns: str, takes: str) -> LibraryType:
    """``kind`` with the methods named in ``returns`` (``add=BigInteger ...``) returning
    their table type, named with its package (as :meth:`validity._Checker._library` knows it in a
    file that does not import it, and as no class of the file is named), and the overloads
    in ``takes`` (``add=(BigInteger) ...``) taking the table types they name."""
    methods = dict(kind.methods)
    for item in returns.split():
        name, returned = item.split("=")
        qualified = f"{PACKAGES[returned]}.{returned}"
        methods[name] = Member(
            tuple(
                replace(o, returns=qualified) if o.returns == ANY else o
                for o in methods[name].overloads
            )
        )
    for item in takes.split():
        name, spec = item.split("=")
        named = overload(ANY + spec).params
        erased = tuple(ANY if p in _TABLE and p != "String" else p for p in named)
        methods[name] = Member(
            tuple(
                replace(o, params=named) if o.params == erased else o
                for o in methods[name].overloads
            )
        )
    return LibraryType(methods, kind.fields)


TYPES = {
    name: _typed(
        _library_type(
            " ".join((spec, _LATER.get(name, ""), _BOX_OVERLOADS.get(name, ""), _OBJECT))
        ),
        _RETURNS.get(name, ""),
        _PARAMETERS.get(name, ""),
    )
    for name, spec in _TABLE.items()
}

# the functional interfaces the table names as parameters (Comparator, Predicate, ...)
FUNCTIONAL = frozenset(
    p
    for t in TYPES.values()
    for m in t.methods.values()
    for o in m.overloads
    for p in o.params
    if p[:1].isupper() and p != "String" and not p.endswith("]")
)
