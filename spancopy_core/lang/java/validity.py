"""Whether a candidate Java method makes sense before it is ranked (pure, tree-sitter based):
:func:`problems` lists what a compiler or a reader would reject at once (an undeclared name, a
member of a primitive, a type clash of declared variables, a call with the wrong number of
arguments, a missing return, a self-comparison, ...) against the :class:`Environment` of the
method it replaces (:func:`environment`); every check errs on the side of keeping a candidate.
Design notes: docs/design.md#lang-java-validity.
"""

from __future__ import annotations

import functools
import itertools
import re
import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Container, Iterator
from dataclasses import dataclass, field, replace
from operator import ge, gt, le, lt, ne
from typing import NamedTuple, overload

from spancopy_core.lang.java import jdk
from spancopy_core.lang.java.abstraction import JAVA_LANG
from spancopy_core.lang.java.syntax import (
    JavaSource,
    Method,
    SyntaxNode,
    member_context,
    syntax_tree,
)

_PRIMITIVES = frozenset("int long short byte char boolean float double".split())
_NUMERIC = _PRIMITIVES - {"boolean"}
# what a cast to its own type says nothing of: a name, a call, an element (not arithmetic)
_NAMED_VALUES = frozenset({"identifier", "method_invocation", "field_access", "array_access"})
_SMALL = frozenset({"byte", "short", "char"})  # an int that is no constant needs a cast to
_INDEX = frozenset({"int", "short", "byte", "char"})  # what an array index may be, unboxed
# modifiers of methods that no constructor has (JLS 8.8.3: only access modifiers)
_NOT_OF_CONSTRUCTORS = ("abstract", "static", "final", "synchronized", "native", "default")
# the bodies whose methods need a body unless abstract or native (not an interface's, nor an
# annotation's)
_CLASS_BODIES = frozenset({"class_body", "enum_body_declarations"})
_NOT_OF_INTERFACES = ("protected", "final", "synchronized", "native")  # JLS 9.4
_MODIFIER_KEYWORDS = frozenset(
    "public protected private static final abstract synchronized native strictfp default".split()
)
# what an abstract method cannot also be (JLS 8.4.3.1)
_NOT_ABSTRACT = ("private", "static", "final", "native", "synchronized", "strictfp")
# Object's public methods that a class may override, by name and parameters, with their return
# types; and its final ones, which none may (JLS 4.3.2, 8.4.8.3)
_OBJECT_PUBLIC = {
    ("hashCode", ()): "int",
    ("toString", ()): "String",
    ("equals", ("Object",)): "boolean",
}
_OBJECT_OVERRIDABLE = frozenset(_OBJECT_PUBLIC) | {("clone", ()), ("finalize", ())}
# interfaces that declare no method (a class that implements them alone overrides none)
_MARKER_INTERFACES = frozenset({"Serializable", "Cloneable", "RandomAccess"})
# The assertions of JUnit 3, 4 and 5 and TestNG that return nothing in each (not assertThat,
# AssertJ's, nor assertThrows or fail, Jupiter's, which return a value), by themselves (a
# static import, TestCase's) or of the classes that hold them: a test's own helper of the
# name, declared in its file, is its own (Jackson's DataInputTest was offered JsonParser p =
# assertNull(JSON_F, ...);)
_ASSERTIONS = frozenset(
    "assertEquals assertNotEquals assertTrue assertFalse assertNull assertNotNull assertSame"
    " assertNotSame assertArrayEquals".split()
)
_ASSERTING = frozenset({"Assert", "Assertions", "TestCase", "AssertJUnit"})
_ASSERTION = jdk.Member((jdk.Overload("void", (jdk.ANY,), True),))  # any arguments
_OBJECT_FINAL = frozenset(
    {("getClass", ()), ("notify", ()), ("notifyAll", ()), ("wait", ())}
    | {("wait", ("long",)), ("wait", ("long", "int"))}
)
_WIDE = frozenset({"long", "float", "double"})  # never narrowed to int implicitly
_WIDTH = {"byte": 1, "short": 2, "char": 2, "int": 3, "long": 4, "float": 5, "double": 6}
_BOXED = {
    "Integer": "int",
    "Long": "long",
    "Short": "short",
    "Byte": "byte",
    "Character": "char",
    "Float": "float",
    "Double": "double",
    "Boolean": "boolean",
}
_FLOATING = frozenset({"float", "double", "Float", "Double"})
_LONG = frozenset({"long", "Long"})
# library types that have no public field, and the members each lacks that people confuse
_COLLECTIONS = frozenset(
    """List ArrayList LinkedList Collection Set HashSet TreeSet LinkedHashSet Map HashMap
    TreeMap LinkedHashMap Queue Deque ArrayDeque PriorityQueue Stack Vector""".split()
)
# types a file must import (java.util, java.io, java.math) that models write from their
# vocabulary; any other unknown type may be a class of the file's package, which no file shows
_IMPORTED = _COLLECTIONS | frozenset(
    """Arrays Collections Iterator Optional Objects Random Scanner StringJoiner BitSet
    BigInteger BigDecimal File IOException BufferedReader InputStreamReader""".split()
)
_LITERALS = {
    "decimal_integer_literal": "int",
    "hex_integer_literal": "int",
    "octal_integer_literal": "int",
    "binary_integer_literal": "int",
    "decimal_floating_point_literal": "double",
    "character_literal": "char",
    "string_literal": "String",
    "text_block": "String",
    "true": "boolean",
    "false": "boolean",
    "null_literal": "null",
}
_OBJECT_RETURNS = {"toString": "String", "hashCode": "int"}
_ORDER = frozenset({"<", ">", "<=", ">="})
_LOOPS = frozenset({"for_statement", "enhanced_for_statement", "while_statement", "do_statement"})
# code that may run elsewhere than where it is written: a lambda's, a local or anonymous class's
_NESTED_CODE = frozenset({"lambda_expression", "class_body"})
_PRINTERS = frozenset({"System.out", "System.err"})
# a conversion of java.util.Formatter: %[index$][flags][width][.precision]conversion
_CONVERSION = re.compile(r"%((?:\d+\$)?[-#+ 0,(<]*\d*(?:\.\d+)?[tT]?[a-zA-Z%])")
# what super has in a class that extends nothing: Object's methods, its protected ones too
_SUPER_OBJECT_METHODS = jdk.OBJECT_METHODS | {"clone", "finalize"}
# a local that adds up by a word of its name (sum, totalWait, wordCount, cnt; not summary)
_TOTAL = frozenset({"sum", "total", "count", "cnt"})
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_BOUNDED = {"int": "Integer", "long": "Long"}  # what Arrays.fill gives its greatest value
# what a Scanner reads: a token, or (nextLine) the rest of a line
_SCANNER_READS = frozenset(
    """next nextInt nextLong nextDouble nextFloat nextShort nextByte nextBoolean nextBigInteger
    nextBigDecimal nextLine""".split()
)
# what an int constant expression of literals is made of
_CONSTANT_PARTS = frozenset(
    {"binary_expression", "parenthesized_expression", "decimal_integer_literal"}
)
_PRIMES = frozenset({1_000_000_007, 998_244_353, 1_000_000_009})  # the usual prime moduli
_FLIPPED = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}
# what each comparison of two constants says
_HOLDS = {"<": lt, "<=": le, ">": gt, ">=": ge, "!=": ne}
# a type's least and greatest values, as a local starts a search for the greatest or least
_EXTREMES = {
    **{f"{t}.MIN_VALUE": "low" for t in ("Integer", "Long", "Short", "Byte")},
    **{f"-{t}.MAX_VALUE": "low" for t in ("Integer", "Long", "Double", "Float")},
    **{f"{t}.NEGATIVE_INFINITY": "low" for t in ("Double", "Float")},
    **{f"{t}.MAX_VALUE": "high" for t in ("Integer", "Long", "Short", "Byte", "Double", "Float")},
    **{f"{t}.POSITIVE_INFINITY": "high" for t in ("Double", "Float")},
}
_COMPARISON = _ORDER | {"==", "!="}
_CONDITION_OPS = frozenset({"&&", "||"})
_ARITHMETIC = frozenset({"-", "*", "/", "%"})
# a class's name as a declared type: Socket, java.net.Socket, Map.Entry<K, V>
_CLASS_NAME = re.compile(r"(?:[a-z_]\w*\.)*[A-Z]\w*(?:\.[A-Z]\w*)*(?:<.*>)?")
_BITWISE = frozenset({"&", "|", "^"})
_SHIFTS = frozenset({"<<", ">>", ">>>"})
_USELESS_SELF = frozenset({"=", "-=", "/=", "%=", "^=", "&=", "|="})
# a compound assignment of this operand changes nothing (x += 0, x <<= 0, x *= 1), as
# does the operation of it (x + 0, x << 0, x * 1)
_IDENTITY = {
    **dict.fromkeys(("+=", "-=", "<<=", ">>=", ">>>=", "|=", "^="), "0"),
    **dict.fromkeys(("*=", "/="), "1"),
}
_SELF_CONSTANT = frozenset({"-", "/", "%", "^"})  # a op a is always the same value (x - x)
_UP, _DOWN = frozenset({"++", "+="}), frozenset({"--", "-="})  # a loop's step
_STEPS = frozenset({"update_expression", "assignment_expression"})  # i++, i += 2
# what leaves a loop's body early; a loop with one may mean to stop before its condition does
_EXITS = frozenset({"break_statement", "return_statement", "throw_statement"})
# a class's implemented interfaces, an interface's extended ones: members from elsewhere
_SUPERTYPES = frozenset({"super_interfaces", "extends_interfaces"})
# what may keep a statement of a loop's body from running in an iteration
_GUARDS = frozenset(
    """if_statement ternary_expression for_statement enhanced_for_statement while_statement
    do_statement switch_expression switch_block try_statement try_with_resources_statement
    lambda_expression class_body""".split()
)
# the library's generic containers, and the calls that return an element (a map's: a value)
_ELEMENTS = frozenset(
    """List ArrayList LinkedList Vector Stack Deque ArrayDeque Queue PriorityQueue TreeSet
    SortedSet NavigableSet""".split()
)
_ELEMENT_CALLS = frozenset(
    """get peek poll pop element peekFirst peekLast pollFirst pollLast getFirst getLast first
    last""".split()
)
_MAPS = frozenset("Map HashMap TreeMap LinkedHashMap SortedMap NavigableMap".split())
# the methods of immutable values that return the changed value and change nothing else
_RESULT_ONLY = {
    "String": frozenset(
        """trim strip stripLeading stripTrailing toUpperCase toLowerCase replace replaceAll
        replaceFirst substring concat repeat""".split()
    ),
    "BigInteger": frozenset(
        """add subtract multiply divide mod modPow modInverse remainder pow negate abs max min
        gcd shiftLeft shiftRight and or xor not andNot setBit clearBit flipBit""".split()
    ),
    "BigDecimal": frozenset(
        """add subtract multiply divide remainder pow negate abs max min setScale round
        movePointLeft movePointRight stripTrailingZeros""".split()
    ),
}
# a String's methods that read their first argument as a regular expression, and the
# one-character patterns that mean something else there than the character
_REGEX_METHODS = frozenset({"split", "replaceAll", "replaceFirst", "matches"})
_REGEX_SIGNS = frozenset(".|+*?^$")
# the boxed numbers that == compares by reference (Boolean's two values are shared)
_BY_REFERENCE = frozenset(set(_BOXED) - {"Boolean"})
# the lists whose get(i), set(i, x), remove(i) throw at i == size(); a length's element reads
_LISTS = frozenset({"List", "ArrayList", "LinkedList", "Vector", "Stack"})
_AT_INDEX = {"length": ("[]",), "length()": ("charAt", "codePointAt"), "size()": ("get", "set")}
# the expressions that may stand as a statement (JLS 14.8) are assignments, ++/--, calls and
# instance creations; these never may
_NOT_STATEMENTS = frozenset(
    """identifier field_access array_access binary_expression unary_expression
    parenthesized_expression ternary_expression cast_expression instanceof_expression
    lambda_expression method_reference this array_creation_expression class_literal
    string_literal character_literal decimal_integer_literal hex_integer_literal
    decimal_floating_point_literal true false null_literal""".split()
)
# what may give another value each time it is evaluated
_CHANGING = frozenset({"method_invocation", "update_expression", "assignment_expression"})
_JUMPS = frozenset(
    {
        "return_statement",
        "throw_statement",
        "break_statement",
        "continue_statement",
        "yield_statement",
    }
)
# statements that can always complete normally (JLS 14.22)
_COMPLETING = frozenset(
    """expression_statement local_variable_declaration assert_statement
    enhanced_for_statement class_declaration record_declaration""".split()
)
_TYPE_DECLS = frozenset(
    {
        "class_declaration",
        "interface_declaration",
        "enum_declaration",
        "record_declaration",
        "annotation_type_declaration",
    }
)
_METHODS = frozenset(
    {"method_declaration", "constructor_declaration", "compact_constructor_declaration"}
)
_SKIPPED = frozenset({"annotation", "marker_annotation", "class_body"})
_NEVER_NULL = frozenset(
    {
        "binary_expression",
        "object_creation_expression",
        "array_creation_expression",
        "string_literal",
        "this",
    }
)  # what compared with null never is


class Suspect(NamedTuple):
    """What compiles but is very likely a bug: its 0-based line, what it is, its code, and
    the fix the check knows (start, end, new text), if any."""

    row: int
    what: str
    code: str
    fix: tuple[int, int, str] | None


@dataclass(frozen=True)
class Environment:
    """What the file around a method declares: field name -> declared type (``""`` when
    unknown), method names with the argument counts and return type of their declarations
    (``methods``), type names (its own types, their type parameters, imports) and which of
    them are the file's classes (``classes``); ``open`` when members may come from elsewhere
    (a superclass or interface, an anonymous class, a static wildcard import, a name the
    method uses from out of sight), ``open_types`` when types may (a wildcard import); the
    names the method as written uses without a declaration in this file (``free``), the
    local variables it declares (``locals``), the fields that are final (``finals``), the
    library types of :mod:`jdk` it sees (``library``; without a file, all) and the problems
    of the method as written (``written``: a candidate is judged by those it adds, so that
    what this check cannot judge in the user's code, or a problem the repair leaves alone,
    does not refuse every repair of the method)."""

    fields: dict[str, str] = field(default_factory=dict)
    methods: frozenset[str] = frozenset()
    types: frozenset[str] = frozenset()
    open: bool = True
    free: frozenset[str] = frozenset()
    open_types: bool = True
    classes: frozenset[str] = frozenset()
    signatures: dict[str, jdk.Member] = field(default_factory=dict)
    locals: frozenset[str] = frozenset()
    finals: frozenset[str] = frozenset()
    library: frozenset[str] = frozenset(jdk.TYPES)
    written: tuple[str, ...] = ()
    suspects: tuple[Suspect, ...] = ()  # of the method as written (:func:`suspicions`)
    constants: dict[str, int] = field(default_factory=dict)  # final fields' integer values
    # the class around the method extends nothing: its super has Object's methods alone
    plain: bool = False
    # nor does it implement an interface but a marker (Serializable): it overrides Object's
    # methods alone
    bare: bool = False
    # the constructors of each class the file declares once, seen whole (:func:`_creatable`)
    constructors: dict[str, jdk.Member] = field(default_factory=dict)
    abstract: frozenset[str] = frozenset()  # which of those classes are abstract; interfaces
    # the methods super names where the superclass is seen whole: each declaration of each
    # name, whether it is abstract (:func:`_super_methods`)
    super_methods: dict[str, tuple[tuple[bool, jdk.Overload], ...]] = field(default_factory=dict)
    # the constructors that this(...) calls: the class's around the method, where it holds
    # more than the method (none is inherited: a superclass out of sight adds none)
    own_constructors: jdk.Member | None = None
    # the fields the innermost class around the method declares itself (this.x is one, where
    # no local hides it, whatever its supertypes)
    own_fields: frozenset[str] = frozenset()
    # those of them not static (of a class or an enum: an interface's are static)
    instance_fields: frozenset[str] = frozenset()
    own_class: str = ""  # the innermost named class around the method: the type of this
    # its blank final instance fields, which each constructor must give a value
    # (:func:`_blank_finals`)
    blank_finals: frozenset[str] = frozenset()
    # those of :attr:`finals` given their value where declared, or static: no constructor
    # gives them one (Commons Math's MathInternalError was offered REPORT_URL = null;)
    initialised: frozenset[str] = frozenset()
    # the type parameters of the classes around the method (no class of the file's name)
    type_variables: frozenset[str] = frozenset()
    in_enum: bool = False  # the innermost class around the method is an enum
    # the body the method is declared in (class_body, interface_body, ...; "" when unknown)
    body_kind: str = ""
    # those of :attr:`type_variables` declared without a bound (Object's alone: no boolean)
    unbounded: frozenset[str] = frozenset()

    def __hash__(self) -> int:
        fields = tuple(sorted(self.fields.items())) + tuple(sorted(self.constants.items()))
        signatures = tuple(sorted(self.signatures.items(), key=lambda kv: kv[0]))
        constructors = tuple(sorted(self.constructors.items(), key=lambda kv: kv[0]))
        supers = tuple(sorted(self.super_methods.items(), key=lambda kv: kv[0]))
        return hash(
            (fields, self.methods, self.types, self.open, self.free, self.open_types)
            + (self.classes, signatures, self.locals, self.finals, self.library, self.written)
            + self.suspects
            + (self.plain, constructors, self.abstract, supers, self.own_constructors)
            + (self.own_fields, self.own_class, self.blank_finals, self.type_variables)
            + (self.in_enum, self.unbounded, self.body_kind, self.bare, self.initialised)
        )


def _text(node: SyntaxNode | None) -> str:
    return "" if node is None or node.text is None else node.text.decode("utf-8", "surrogatepass")


# String methods without arguments whose value on a literal is known and written by no fix
# ("aeiou".toCharArray(), "ABC".toLowerCase() and jsoup's "abs:".length() are written: kept)
_CONSTANT_ON_LITERAL = frozenset({"toString", "isEmpty", "isBlank", "trim", "strip"})
_ANNOTATION = re.compile(r"@[\w.]+(?:\s*\([^()]*\))?")


def _declared_type(type_node: SyntaxNode | None, declarator: SyntaxNode | None = None) -> str:
    """The type a declaration gives one name, ``[]`` appended per dimension of the
    declarator (``int a[]``)."""
    # byte [] is byte[], and so is byte @Nullable [] (a type annotation is no part of it)
    text = "".join(_ANNOTATION.sub(" ", _text(type_node)).split())
    dims = declarator.child_by_field_name("dimensions") if declarator is not None else None
    return text + "[]" * _text(dims).count("[")


def _base(type_text: str) -> str:
    """``java.util.List<String>`` -> ``List``; a nested type keeps its outer one's name
    (``Token.Character``, ``Point2D.Double``: not java.lang's)."""
    parts = type_text.split("<", 1)[0].strip().split(".")
    return ".".join(parts) if len(parts) > 1 and parts[-2][:1].isupper() else parts[-1]


def _signature(method: SyntaxNode) -> jdk.Member:
    """A declared method as an overload: its parameter types where they are primitives,
    ``String`` or arrays of them, or a class (``Comparator``, ``Localizable``: as a class
    its name, :func:`_class_parameter`; not ``Predicate<? super E>[]``, Commons
    Collections' SwitchClosure; else :data:`jdk.ANY`), its return type, its parameters'
    names."""
    params = _parameters(method)
    types = [
        _declared_type(p.child_by_field_name("type"), p)
        if p.type == "formal_parameter"
        else _spread_type(p)
        for p in params
    ]
    variables = _type_variables(method)
    known = tuple(
        t
        if t.rstrip("[]") in _PRIMITIVES | {"String"}
        else _base(t)
        if _class_parameter(t, variables)
        else jdk.ANY
        for t in types
    )
    spread = any(p.type == "spread_parameter" for p in params)
    returns = _declared_type(method.child_by_field_name("type"), method) or jdk.ANY
    names = tuple(_text(p.child_by_field_name("name")) for p in params)
    return jdk.Member((jdk.Overload(returns, known, spread, names),))


def _type_variables(node: SyntaxNode) -> frozenset[str]:
    """The type parameters that ``node`` and the declarations around it declare."""
    names: set[str] = set()
    current: SyntaxNode | None = node
    while current is not None:
        if current.type in _TYPE_DECLS or current.type in _METHODS:
            names.update(_type_parameters(current))
        current = current.parent
    return frozenset(names)


def _class_parameter(declared: str, variables: Container[str]) -> bool:
    """Whether a parameter declared of type ``declared`` is surely of a class that takes no
    primitive, box, String nor array (DimensionMismatchException's ``this(wrong,
    LocalizedFormats.DIMENSIONS_MISMATCH_SIMPLE, expected)`` was offered for its
    ``(Localizable, int, int)``): not a type variable (one the declarations around declare,
    or named as one is), nor a supertype of those (``Object``, ``Number``, ``Comparable``,
    ``Cloneable``, ...)."""
    name = _base(declared).rsplit(".", 1)[-1]
    return (
        not declared.endswith("]")
        and _names_class(name, variables)
        and name not in _STRING_SUPERS | {"Number", "Cloneable"}
    )


def _names_class(name: str, variables: Container[str]) -> bool:
    """Whether the simple type name ``name`` names a class: capitalised, and no type
    variable (one of ``variables``, or a name of one or two capitals or digits, as one of a
    class out of sight is)."""
    return name[:1].isupper() and name not in variables and not _TYPE_PARAMETER.fullmatch(name)


def _spread_type(param: SyntaxNode) -> str:
    """The array type of a variable arity parameter (``final double... array``:
    ``double[]``), "" where its element's type is not a primitive or String."""
    kind = next((c for c in param.named_children if c.type not in _NOT_TYPES), None)
    element = _text(kind) if kind is not None else ""
    return element + "[]" if element in _PRIMITIVES | {"String"} else ""


_NOT_TYPES = frozenset({"modifiers", "variable_declarator", "annotation", "marker_annotation"})


def _declare_method(signatures: dict[str, jdk.Member], member: SyntaxNode) -> None:
    name = _text(member.child_by_field_name("name"))
    found = _signature(member)
    signatures[name] = jdk.merge(signatures[name], found) if name in signatures else found


# The environments of the last methods asked for, by (document text, method range): the
# server asks again for the unit at the cursor on every request, cached repairs included.
_ENVIRONMENTS: OrderedDict[tuple[str, int, int], Environment] = OrderedDict()
ENVIRONMENTS = 64  # methods kept
_LOCK = threading.Lock()


def environment(doc: JavaSource, method: Method) -> Environment:
    """The :class:`Environment` of ``method`` in ``doc`` (of the last ones, kept)."""
    key = (doc.text, method.start, method.end)  # a str caches its hash: cheap to look up
    with _LOCK:
        found = _ENVIRONMENTS.get(key)
        if found is not None:
            _ENVIRONMENTS.move_to_end(key)
            return found
    found = _environment(doc, method)
    with _LOCK:
        _ENVIRONMENTS[key] = found
        while len(_ENVIRONMENTS) > ENVIRONMENTS:
            _ENVIRONMENTS.popitem(last=False)
    return found


def _environment(doc: JavaSource, method: Method) -> Environment:
    # The imports, then one walk up through the enclosing declarations gathering what the
    # method can see (fields, signatures, types, type parameters, whether a class is open):
    # long, but split it and its seven accumulators would travel between the parts.
    node = doc.method_node(method)
    fields: dict[str, str] = {}
    signatures: dict[str, jdk.Member] = {}
    finals: set[str] = set()
    initialised: set[str] = set()
    constants: dict[str, int] = {}
    types: set[str] = set()
    parameters: set[str] = set()
    unbounded: set[str] = set()
    is_open = open_types = False
    static_imports: set[str] = set()
    asserting: set[str] = set()  # assertions statically imported from JUnit's or TestNG's
    for name in doc.imports:
        simple = name.rsplit(".", 1)[-1]
        if simple == "*":
            open_types = True
            is_open |= name.startswith("static ")
        elif name.startswith("static "):
            static_imports.add(simple)
            if simple in _ASSERTIONS and name.rsplit(".", 2)[-2] in _ASSERTING:
                asserting.add(simple)
        else:
            types.add(simple)
    types.update(doc.declared_types())
    enclosing = _enclosing_types(node)
    parent = node.parent
    while parent is not None:
        if parent.type in _TYPE_DECLS:
            superclass = parent.child_by_field_name("superclass")
            # a superclass that encloses the class (a nested class extending its outer one:
            # Guava's InactiveComparisonChain) has its members gathered further up
            is_open |= superclass is not None and _named_type(superclass) not in enclosing
            is_open |= _inherits(parent, doc.declared_types())
            parameters.update(_type_parameters(parent))
            unbounded.update(_type_parameters(parent, bounded=False))
            if parent.type == "record_declaration":
                for p in _children(parent.child_by_field_name("parameters")):
                    fields[_text(p.child_by_field_name("name"))] = _declared_type(
                        p.child_by_field_name("type")
                    )
                is_open = True  # its accessors and canonical constructor are implicit
            if parent.type == "enum_declaration":
                fields.update(
                    dict.fromkeys(
                        _enum_constants(parent), _text(parent.child_by_field_name("name"))
                    )
                )
                is_open = True  # values(), valueOf(), ordinal(), ... are implicit
        elif parent.type == "object_creation_expression":
            # an anonymous class: its superclass's members are unknown, but where an
            # enclosing class is its superclass (new ComparisonChain() { ... } inside it)
            is_open |= _named_type(parent.child_by_field_name("type")) not in enclosing
        elif parent.type in ("class_body", "interface_body", "enum_body"):
            members = [m for m in _members(parent) if "comment" not in m.type]
            # a class of this one method is a method shown out of its file (a snippet), but
            # for a program's entry point (a whole program in main) and an anonymous class
            declared = parent.parent is not None and parent.parent.type in _TYPE_DECLS
            alone = [m.id for m in members] == [node.id]
            is_open |= declared and alone and not _entry_point(node)
            for member in members:
                if member.type == "method_declaration":
                    _declare_method(signatures, member)
                elif member.type in ("field_declaration", "constant_declaration"):
                    kind = member.child_by_field_name("type")
                    final = member.type == "constant_declaration" or "final" in _words(member)
                    for d in _children(member):
                        name = _text(d.child_by_field_name("name"))
                        if d.type == "variable_declarator" and name not in fields:
                            fields[name] = _declared_type(kind, d)  # the innermost class's
                            if final:
                                finals.add(name)
                                if d.child_by_field_name("value") is not None or (
                                    member.type == "constant_declaration"
                                    or "static" in _words(member)
                                ):
                                    initialised.add(name)
                                value = _value(d.child_by_field_name("value"))
                                if value is not None:
                                    constants[name] = value
        parent = parent.parent
    fields.update(dict.fromkeys(static_imports - fields.keys(), ""))
    for name in static_imports:  # a statically imported method: any arguments, any type
        signatures[name] = jdk.Member((jdk.Overload(jdk.ANY, (jdk.ANY,), True),))
    for name in asserting:  # (none returns a value)
        signatures[name] = _ASSERTION
    types |= parameters
    env = Environment(
        fields,
        frozenset(signatures),
        frozenset(types),
        is_open,
        open_types=open_types,
        classes=frozenset(doc.declared_types() - parameters),
        signatures=signatures,
        library=jdk.visible(doc.imports, doc.declared_types() | parameters, doc.package),
        constants=constants,
    )
    checker = _Checker(env)
    free = checker.free(node)
    seen = not (is_open or bool(free - checker.unresolved_types))  # the classes around, whole
    classes = _file_classes(doc)
    # the constructors of a class around the method only where it holds more than the method
    # (ManySStuBs4J's Worker.main is shown alone in its class: new Worker(conf, ...)); what it
    # inherits is no matter: no constructor is inherited
    constructors = {
        n: m
        for n, c in classes.items()
        if (m := _creatable(c)) is not None and (n not in enclosing or _members_but(c, node))
    }
    # a method that already uses names from out of sight lives in a class not all seen here
    found = Environment(
        fields,
        env.methods,
        env.types,
        is_open or bool(free - checker.unresolved_types),
        frozenset(free),
        open_types or bool(checker.unresolved_types),
        env.classes,
        signatures,
        frozenset(checker.locals),
        frozenset(finals),
        env.library,
        constants=constants,
        # (a class seen whole, or one that declares more than the method, and whose interfaces
        # alone are out of sight: they give super nothing; a method shown alone, in a class
        # of its own, has a super unseen)
        plain=_extends_nothing(node) and (seen or _whole_but_interfaces(node, free, checker)),
        bare=_overrides_objects_alone(node),
        constructors=constructors,
        # (an interface too: Commons Lang's FailableToLongBiFunction was offered return new
        # FailableToLongBiFunction<>();)
        abstract=frozenset(n for n, c in classes.items() if "abstract" in _words(c))
        | frozenset(_file_classes(doc, "interface_declaration")),
        super_methods=_super_methods(node, classes),
        own_constructors=_own_constructors(node, classes),
        own_fields=_own_fields(node),
        instance_fields=_own_fields(node, instance=True),
        blank_finals=_blank_finals(node),
        initialised=frozenset(initialised),
        type_variables=frozenset(parameters),
        unbounded=frozenset(unbounded - doc.declared_types()),
        in_enum=(cls := _innermost_class(node)) is not None and cls.type == "enum_declaration",
        body_kind=node.parent.type if node.parent is not None else "",
        own_class=_text(cls.child_by_field_name("name"))
        if (cls := _innermost_class(node)) is not None and cls.type in _TYPE_DECLS
        else "",
    )
    checker = _Checker(found)
    written = tuple(sorted(checker.problems(node)))
    return replace(found, written=written, suspects=_relative(checker.suspects, node, doc.data))


def _innermost_class(node: SyntaxNode) -> SyntaxNode | None:
    """The innermost type declaration or anonymous class (its ``new X() { ... }``) around
    ``node``, if any."""
    parent = node.parent
    while parent is not None:
        if parent.type in _TYPE_DECLS or parent.type == "object_creation_expression":
            return parent  # (a method is inside an object creation only in its class body)
        parent = parent.parent
    return None


def _extends_nothing(node: SyntaxNode) -> bool:
    """Whether the innermost class around ``node`` is a class declared to extend nothing (not
    an anonymous class, an enum, a record or an interface, whose super is another)."""
    cls = _innermost_class(node)
    return (
        cls is not None
        and cls.type == "class_declaration"
        and cls.child_by_field_name("superclass") is None
    )


# annotations of a class that make no constructor (Lombok's @AllArgsConstructor, @Data do)
_PLAIN_ANNOTATIONS = frozenset({"Deprecated", "SuppressWarnings"})
_ANNOTATION_NAME = re.compile(r"@([\w.]+)")


@functools.lru_cache(maxsize=8)  # the same for every method of a file (JavaSource: by identity)
def _file_classes(doc: JavaSource, kind: str = "class_declaration") -> dict[str, SyntaxNode]:
    """The class declarations (or those of another ``kind``: ``interface_declaration``) of the
    file by name, of the names only one type declaration of the file has (a name declared
    twice, nested in two classes, may mean either)."""
    counts: Counter[str] = Counter()
    found = {}
    tokens = doc.tokens
    for k, t in enumerate(tokens[:-1]):
        name = tokens[k + 1]
        if t.kind != "keyword" or t.text not in _DECLARING or name.kind != "identifier":
            continue
        counts[name.text] += 1
        node = doc.tree.root_node.descendant_for_byte_range(name.start_byte, name.end_byte)
        parent = None if node is None else node.parent
        if parent is not None and parent.type == kind:
            declared = parent.child_by_field_name("name")  # (the name, not a type it names)
            if declared is not None and node is not None and declared.id == node.id:
                found[name.text] = parent
    return {name: c for name, c in found.items() if counts[name] == 1}


_DECLARING = frozenset({"class", "interface", "enum", "record"})


def _creatable(cls: SyntaxNode) -> jdk.Member | None:
    """The constructors of a class of the file (the default one where it declares none), or
    None where others may be made out of sight (by an annotation: Lombok's)."""
    if any(
        m.group(1).rsplit(".", 1)[-1] not in _PLAIN_ANNOTATIONS
        for m in _ANNOTATION_NAME.finditer(" ".join(_words(cls)))
    ):
        return None
    declared = [
        m for m in _members(cls.child_by_field_name("body")) if m.type == "constructor_declaration"
    ]
    if not declared:
        return jdk.Member((jdk.Overload(jdk.ANY, ()),))
    return jdk.Member(tuple(o for m in declared for o in _signature(m).overloads))


def _own_fields(node: SyntaxNode, instance: bool = False) -> frozenset[str]:
    """The names of the fields that the innermost class around ``node`` declares (with
    ``instance``, those not static of a class or an enum)."""
    cls = _innermost_class(node)
    body = None if cls is None else cls.child_by_field_name("body")
    if body is None and cls is not None and cls.type == "object_creation_expression":
        body = next((c for c in cls.named_children if c.type == "class_body"), None)
    if instance and (cls is None or cls.type not in ("class_declaration", "enum_declaration")):
        return frozenset()
    return frozenset(
        _text(d.child_by_field_name("name"))
        for m in _members(body)
        if m.type == "field_declaration" and not (instance and "static" in _words(m))
        for d in _children(m)
        if d.type == "variable_declarator"
    )


def _blank_finals(node: SyntaxNode) -> frozenset[str]:
    """The final instance fields without a value where declared of the class declared around
    ``node`` (a class or an enum), where no initializer block of it may give them one."""
    cls = _innermost_class(node)
    if cls is None or cls.type not in ("class_declaration", "enum_declaration"):
        return frozenset()
    members = list(_members(cls.child_by_field_name("body")))
    if any(m.type == "block" for m in members):  # an instance initializer
        return frozenset()
    return frozenset(
        _text(d.child_by_field_name("name"))
        for m in members
        if m.type == "field_declaration" and "final" in (w := _words(m)) and "static" not in w
        for d in _children(m)
        if d.type == "variable_declarator" and d.child_by_field_name("value") is None
    )


def _own_constructors(node: SyntaxNode, classes: dict[str, SyntaxNode]) -> jdk.Member | None:
    """The constructors that ``this(...)`` at ``node`` may call: those of the class around
    it, one of the file's ``classes`` (:func:`_file_classes`), where it declares more than
    ``node`` (a constructor shown alone in its class is out of its file)."""
    cls = _innermost_class(node)
    if cls is None or cls.type != "class_declaration":
        return None
    name = _text(cls.child_by_field_name("name"))
    declared = classes.get(name)
    if declared is None or declared.id != cls.id or not _members_but(cls, node):
        return None
    return _creatable(cls)


def _assignment_target(node: SyntaxNode) -> bool:
    """Whether ``node`` is what an assignment (``=``, ``+=``, ...) gives a value to."""
    parent = node.parent
    return (
        parent is not None
        and parent.type == "assignment_expression"
        and parent.child_by_field_name("left") == node
    )


def _uses_this(node: SyntaxNode) -> bool:
    """Whether ``node`` holds ``this`` alone (not ``Outer.this``, the enclosing instance, nor
    one in the body of an anonymous class, that instance: Wicket's ``super(new SignIn2Panel(
    "signInPanel") { ... this.setPersistent(...) ... })``, a real CodRep fix)."""
    if node.type == "class_body":
        return False
    if node.type == "this":
        parent = node.parent
        if parent is None or parent.type != "field_access":
            return True
        return node == parent.child(0)  # this.x, not Outer.this
    return any(_uses_this(c) for c in node.named_children)


def _overrides_objects_alone(node: SyntaxNode) -> bool:
    """Whether the class around ``node`` extends nothing and implements no interface but a
    marker (:data:`_MARKER_INTERFACES`), and declares more than ``node`` (a method shown
    alone, in a class of its own, is a snippet whose class is not known)."""
    cls = _innermost_class(node)
    if cls is None or not _extends_nothing(node) or not _members_but(cls, node):
        return False
    interfaces = cls.child_by_field_name("interfaces")
    listed = _children(interfaces.named_children[0]) if interfaces is not None else []
    return all(_base(_text(t)) in _MARKER_INTERFACES for t in listed)


def _whole_but_interfaces(node: SyntaxNode, free: set[str], checker: _Checker) -> bool:
    """Whether the class around ``node`` declares more than it and ``node`` uses no name from
    out of sight: its interfaces may be unseen, but they give ``super`` nothing."""
    cls = _innermost_class(node)
    return cls is not None and not free - checker.unresolved_types and _members_but(cls, node)


def _members_but(cls: SyntaxNode, node: SyntaxNode) -> bool:
    """Whether the class ``cls`` declares a member other than ``node`` (comments aside)."""
    members = _members(cls.child_by_field_name("body"))
    return any("comment" not in m.type and m.id != node.id for m in members)


def _super_methods(
    node: SyntaxNode, classes: dict[str, SyntaxNode]
) -> dict[str, tuple[tuple[bool, jdk.Overload], ...]]:
    """The methods that ``super.`` names at ``node`` where its class's superclass is a class
    of the file that extends and implements nothing: each declaration, whether it is
    abstract (JLS 15.12.3: a call of an abstract one does not compile), as an overload."""
    cls = _innermost_class(node)
    if cls is None:
        return {}
    field = "superclass" if cls.type in _TYPE_DECLS else "type"  # (an anonymous class's)
    declared = classes.get(_named_type(cls.child_by_field_name(field)))
    if declared is None or any(
        c.type in ("superclass", "super_interfaces") for c in declared.named_children
    ):
        return {}
    out: dict[str, tuple[tuple[bool, jdk.Overload], ...]] = {}
    for m in _members(declared.child_by_field_name("body")):
        if m.type == "method_declaration":
            name = _text(m.child_by_field_name("name"))
            found = tuple(("abstract" in _words(m), o) for o in _signature(m).overloads)
            out[name] = out.get(name, ()) + found
    return out


def _enclosing_types(node: SyntaxNode) -> frozenset[str]:
    """The names of the type declarations around ``node``."""
    names = set()
    parent = node.parent
    while parent is not None:
        if parent.type in _TYPE_DECLS:
            names.add(_text(parent.child_by_field_name("name")))
        parent = parent.parent
    return frozenset(names)


# interfaces that give a class no member it does not declare: none (markers), or one method
# that a class which is not abstract declares itself
_MARKERS = frozenset({"Serializable", "Cloneable", "RandomAccess"})
_DECLARED_BY_CLASS = frozenset({"Comparable", "Runnable", "AutoCloseable", "Closeable"})


def _inherits(decl: SyntaxNode, declared: Container[str]) -> bool:
    """Whether the interfaces a type declaration implements or extends may give it members
    that it does not declare (a default method, a constant): any interface but the JDK's
    markers (``implements Serializable``: Commons Math's KthSelector) and, for a class that
    is not abstract, those of one method it must declare (``Comparable``); not one of the
    file's ``declared`` types of the same name."""
    kinds = [c for c in decl.children if c.type in _SUPERTYPES]
    names = [_simple_type(t) for k in kinds for c in k.named_children for t in c.named_children]
    plain = decl.type == "class_declaration" and "abstract" not in _words(decl)
    known = _MARKERS | (_DECLARED_BY_CLASS if plain else frozenset())
    return any(name not in known or name in declared for name in names)


def _simple_type(node: SyntaxNode) -> str:
    """The simple name of a type (``java.io.Serializable`` -> ``Serializable``,
    ``Comparable<T>`` -> ``Comparable``)."""
    if node.type == "generic_type" and node.named_children:
        node = node.named_children[0]
    return _text(node).rsplit(".", 1)[-1]


def _named_type(node: SyntaxNode | None) -> str:
    """The simple name of the type ``node`` (a superclass clause, a type with its type
    arguments) names, or "" for one of another kind (a qualified or array type)."""
    if node is not None and node.type == "superclass":
        node = node.named_children[0] if node.named_children else None
    if node is not None and node.type == "generic_type":
        node = node.named_children[0] if node.named_children else None
    return _text(node) if node is not None and node.type == "type_identifier" else ""


def _parameter_names(method: SyntaxNode) -> list[str]:
    """The names of the formal parameters of ``method`` (not a varargs one), in order."""
    return [
        _text(p.child_by_field_name("name"))
        for p in _children(method.child_by_field_name("parameters"))
        if p.type == "formal_parameter"
    ]


def _declared_around(n: SyntaxNode, body: SyntaxNode, name: str) -> bool:
    """Whether a local ``name`` is declared before ``n`` in a block around it, up to the
    method's ``body``: the local that ``name`` names at ``n``."""
    block: SyntaxNode | None = n
    while block is not None and block.id != body.id:
        block = block.parent
        if block is None or block.type != "block" and block.id != body.id:
            continue
        for statement in block.named_children:
            if statement.start_byte >= n.start_byte:
                break
            if statement.type == "local_variable_declaration" and any(
                _text(d.child_by_field_name("name")) == name
                for d in statement.named_children
                if d.type == "variable_declarator"
            ):
                return True
    return False


def _relative(found: list[Suspect], method: SyntaxNode, data: bytes) -> tuple[Suspect, ...]:
    """``found`` (rows and fixes' byte offsets of the parse ``data``) with the rows and the
    fixes' code-point offsets of the text of ``method``."""
    out = []
    for s in found:
        fix = None
        if s.fix is not None:
            a, b, new = s.fix
            base = method.start_byte
            fix = (_code_point(data[base:], a - base), _code_point(data[base:], b - base), new)
        out.append(Suspect(s.row - method.start_point.row, s.what, s.code, fix))
    return tuple(out)


def _entry_point(method: SyntaxNode) -> bool:
    """Whether ``method`` is ``static void main``."""
    static = "static" in _words(method)
    return static and _text(method.child_by_field_name("name")) == "main"


def _walk(node: SyntaxNode) -> Iterator[SyntaxNode]:
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(n.named_children))


def _children(node: SyntaxNode | None) -> list[SyntaxNode]:
    return [] if node is None else list(node.named_children)


def _statements(node: SyntaxNode | None) -> list[SyntaxNode]:
    """The named children of ``node`` but comments."""
    return [c for c in _children(node) if "comment" not in c.type]


def _beside(node: SyntaxNode, forward: bool) -> SyntaxNode | None:
    """The statement after ``node`` (``forward``) or before it, comments passed over."""
    found = node.next_named_sibling if forward else node.prev_named_sibling
    while found is not None and "comment" in found.type:
        found = found.next_named_sibling if forward else found.prev_named_sibling
    return found


def _parameters(method: SyntaxNode) -> list[SyntaxNode]:
    """The parameter declarations of ``method`` (a receiver parameter aside)."""
    return [
        p
        for p in _children(method.child_by_field_name("parameters"))
        if p.type in ("formal_parameter", "spread_parameter")
    ]


def _name_and_params(method: SyntaxNode) -> tuple[str, list[str]]:
    """The name of ``method`` and the declared types of its parameters."""
    params = [_declared_type(p.child_by_field_name("type"), p) for p in _parameters(method)]
    return _text(method.child_by_field_name("name")), params


def _words(node: SyntaxNode) -> list[str]:
    """The modifiers of a declaration (``static``, ``final``, ...), its annotations' words
    too, but no comment's (Commons Collections' ``@SuppressWarnings("unchecked") // the
    static instance works for all types`` before ``public static``)."""
    modifiers = next((c for c in node.children if c.type == "modifiers"), None)
    kept = [c for c in modifiers.children if "comment" not in c.type] if modifiers else []
    return [w for c in kept for w in _text(c).split()]


def _members(body: SyntaxNode | None) -> list[SyntaxNode]:
    out: list[SyntaxNode] = []
    for child in _children(body):
        out += child.named_children if child.type == "enum_body_declarations" else [child]
    return out


def _enum_constants(enum: SyntaxNode) -> list[str]:
    body = enum.child_by_field_name("body")
    return [
        _text(c.child_by_field_name("name")) for c in _children(body) if c.type == "enum_constant"
    ]


def _type_parameters(node: SyntaxNode, bounded: bool = True) -> list[str]:
    """The names of the type parameters that ``node`` declares (without ``bounded``, only
    those declared without a bound)."""
    params = node.child_by_field_name("type_parameters")
    out = []
    for p in _children(params):
        if not bounded and any(c.type == "type_bound" for c in p.named_children):
            continue
        name = next(
            (c for c in p.named_children if c.type in ("type_identifier", "identifier")), None
        )
        out.append(_text(name))
    return out


class _Checker:
    """One walk of a method's body with the local scopes, collecting problems and the names
    used without a declaration (see :func:`problems`); the types it knows are those declared
    and what follows from them (:meth:`_type_of`)."""

    def __init__(self, env: Environment) -> None:
        self.env = env
        self.scopes: list[dict[str, str]] = []
        self.found: list[str] = []
        self.unresolved: set[str] = set()
        self.unresolved_types: set[str] = set()
        self.locals: set[str] = set()  # every name the method declares, anywhere
        self.variables: set[str] = set()  # names declared anywhere but as a final local
        self.finals: set[str] = set()  # names declared anywhere as a final local
        self.sealed: set[str] = set()  # of those, the ones declared with a value
        self.bindings: set[str] = set()  # pattern variables (flow-scoped, not checked)
        self.type_params: set[str] = set()
        self.returns: list[str] = []  # the return type where a return is ("": unknown)
        self.initializing = ""  # the local whose initializer is being read
        self.static = False
        self.constructor = False
        self.checking = True
        self.memo: dict[int, str] = {}
        self.method: SyntaxNode | None = None
        self.suspects: list[Suspect] = []  # :meth:`_suspect`
        self.values: dict[str, int] = {}  # locals declared with an integer constant
        self.sizes: dict[str, SyntaxNode | None] = {}  # arrays declared new T[n]: n (twice: None)
        self.types: dict[str, SyntaxNode | None] = {}  # locals' declared types (twice: None)
        # locals declared with a type's least value ("low") or greatest ("high"); twice: ""
        self.extremes: dict[str, str] = {}
        # arrays declared new T[a][b]: their two dimensions (declared twice: None)
        self.grids: dict[str, tuple[SyntaxNode, SyntaxNode] | None] = {}
        self.ceilings: set[str] = set()  # arrays filled with their element type's greatest
        self.bounded: set[int] = set()  # loop bounds flagged by :meth:`_other_dimension`
        self.inverted: set[int] = set()  # statements flagged by :meth:`_fermat_one`
        self.lengths: dict[str, SyntaxNode | None] = {}  # locals declared with a call or a field
        # what the method assigns, where (listed when first asked)
        self.assignments: list[tuple[int, str]] | None = None

    # -- entry points ----------------------------------------------------------------------
    def free(self, method: SyntaxNode) -> set[str]:
        """The names ``method`` uses that neither it nor the environment declares."""
        self.checking = False
        self._method(method)
        return self.unresolved | self.unresolved_types

    def problems(self, method: SyntaxNode) -> list[str]:
        self._method(method)
        return self.found

    def _flag(self, problem: str) -> None:
        if self.checking:
            self.found.append(problem)

    def _suspect(
        self, n: SyntaxNode, problem: str, fix: tuple[SyntaxNode, SyntaxNode, str] | None = None
    ) -> None:
        """Code that compiles but is very likely wrong (:func:`suspicions`): a problem of a
        candidate that adds it, and where the method as written has one, a sign of a bug;
        ``fix``: the text that replaces the nodes from the first to the second, if the check
        knows it."""
        if self.checking:
            self.found.append(problem)
            where = None if fix is None else (fix[0].start_byte, fix[1].end_byte, fix[2])
            self.suspects.append(Suspect(n.start_point.row, problem, _text(n), where))

    # -- scopes ----------------------------------------------------------------------------
    def _declare(self, name: SyntaxNode | None, type_text: str, binding: bool = False) -> None:
        """Declare a local (a pattern variable: ``binding``); a local's name must not be one
        of an enclosing local's (JLS 6.4)."""
        if name is None or not self.scopes:
            return
        text = _text(name)
        if not binding and text not in self.bindings and any(text in s for s in self.scopes):
            self._flag(f"'{text}' is already declared here")
        self.scopes[-1][text] = type_text
        self.locals.add(text)
        if binding:
            self.bindings.add(text)

    def _unshadowed(self, name: str) -> bool:
        """Whether ``name`` is a field of the class that no local or parameter in scope hides
        (the class's own fields known, or declared by the innermost class itself whatever
        its supertypes: ``this.x`` then is ``x``; Commons Compress's ByteUtils was offered
        ``this.os.write(b)``)."""
        known = name in self.env.own_fields or not self.env.open and name in self.env.fields
        return known and not any(name in scope for scope in self.scopes)

    def _lookup(self, name: str) -> str | None:
        """The declared type of a variable in scope (``""``: unknown type), else None."""
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        return self.env.fields.get(name)

    def _method(self, method: SyntaxNode) -> None:
        for n in _walk(method):  # locals declared anywhere: used out of scope is a real miss
            if n.type == "variable_declarator" and n.parent:
                if n.parent.type == "local_variable_declaration":
                    name = _text(n.child_by_field_name("name"))
                    self.locals.add(name)
                    final = "final" in _words(n.parent)
                    (self.finals if final else self.variables).add(name)
                    if final and n.child_by_field_name("value") is not None:
                        self.sealed.add(name)
            elif n.type in ("enhanced_for_statement", "catch_formal_parameter"):
                self.locals.add(_text(n.child_by_field_name("name")))
                self.variables.add(_text(n.child_by_field_name("name")))
            elif n.type in ("formal_parameter", "spread_parameter"):
                self.variables.update(_text(d) for d in _walk(n) if d.type == "identifier")
        self.method = method
        self.static = "static" in _words(method)
        self.constructor = method.type != "method_declaration"
        modifiers = _words(method)
        if "@Override" in modifiers and ("private" in modifiers or self.static):
            # overrides nothing (JUnit's Throwables: @Override private State processLine)
            self._flag(f"a {'static' if self.static else 'private'} method overrides nothing")
        elif method.type == "method_declaration":  # (a private or static @Override: once)
            self._object_override(method, modifiers)
        self._misplaced_modifiers(method, modifiers)
        self.type_params = set(_type_parameters(method))
        if self.checking:
            self._type_arguments(method)
        self.scopes.append({})
        self._params(method.child_by_field_name("parameters"))
        body = method.child_by_field_name("body")
        returns = _declared_type(method.child_by_field_name("type"), method)
        self.returns.append(returns if method.type == "method_declaration" else "void")
        if body is not None:
            self._node(body)
            if self.checking:
                self._recurses_at_once(method, body)
                self._dead_stores(method, body)
            if returns not in ("", "void") and method.type == "method_declaration":
                if self._completes(body):
                    self._flag("a path through the method returns no value")
                if self.checking:
                    self._other_field(method, body)
            if self.checking:
                self._never_marked(method, body)
                if self.constructor:
                    self._constructor_finals(body)
        self.returns.pop()
        self.scopes.pop()

    def _type_arguments(self, method: SyntaxNode) -> None:
        """Type arguments where none or others are taken: a type variable given some (``E<?
        super E>``; Commons Collections' TransformedSortedBag was offered ``public E<? super
        E> comparator()``), of the method or of a class around it
        (:attr:`Environment.type_variables`), where no class of the file has its name; a
        library type of the table given another number than it has parameters
        (:data:`jdk.TYPE_PARAMETERS`; none, raw, and ``<>`` are right): HdrHistogram's
        CallStack was offered ``printStackTrace(final PrintWriter<?> writer)``, ``Map<String>``
        does not compile either. Not a type the file declares by that name."""
        variables = (set(_type_parameters(method)) | self.env.type_variables) - self.env.classes
        for g in _walk(method):
            if g.type != "generic_type" or not g.named_children:
                continue
            base = g.named_children[0]
            if base.type != "type_identifier":
                continue
            name = _text(base)
            if name in variables:
                self._flag(f"'{_text(g)}': a type variable takes no type arguments")
            given = len(g.named_children[1].named_children) if len(g.named_children) > 1 else 0
            if not given or name not in self.env.library or name in self.env.classes:
                continue
            wanted = jdk.TYPE_PARAMETERS.get(name, 0)
            if given != wanted:
                takes = "one type argument" if wanted == 1 else f"{wanted or 'no'} type arguments"
                self._flag(f"'{_text(g)}': {name} takes {takes}")

    def _misplaced_modifiers(self, method: SyntaxNode, modifiers: list[str]) -> None:
        """Modifiers that ``method`` cannot have (JLS 8.4.3, 8.8.3): a constructor's are of
        access alone, an enum's private (Commons IO's TaggedWriter was offered ``public abstract
        TaggedWriter(...)``); a method with a body is neither abstract nor native (FileEntry's
        ``public abstract void setLastModified(...) {``)."""
        in_interface = self.env.body_kind == "interface_body"
        if method.type == "constructor_declaration":
            wrong = [w for w in _NOT_OF_CONSTRUCTORS if w in modifiers]
            if self.env.in_enum:  # JLS 8.9.2 (Guava's BoundType was offered public BoundType)
                wrong += [w for w in ("public", "protected") if w in modifiers]
            if wrong:
                self._flag(
                    f"{'an enum' if self.env.in_enum else 'a'} constructor cannot be {wrong[0]}"
                )
        elif method.child_by_field_name("body") is not None:
            wrong = [w for w in ("abstract", "native") if w in modifiers]
            if wrong:
                self._flag(f"a method with a body cannot be {wrong[0]}")
            elif in_interface and not {"default", "static", "private"} & set(modifiers):
                self._flag("an interface method with a body is default, static or private")
        elif in_interface:  # JLS 9.4: only a default, static or private one has one
            wrong = [w for w in ("default", "static", "private") if w in modifiers]
            if wrong:
                self._flag(f"a {wrong[0]} interface method needs a body")
        elif self.env.body_kind in _CLASS_BODIES:
            if "native" not in modifiers and "abstract" not in modifiers:
                self._flag("a method without a body is abstract or native")
            wrong = [w for w in _NOT_ABSTRACT if w in modifiers and "abstract" in modifiers]
            if wrong:  # JLS 8.4.3.1 (Commons Codec's RFC1522Codec was offered private abstract)
                self._flag(f"an abstract method cannot be {wrong[0]}")
        if in_interface:  # JLS 9.4 (a default method is an instance's, and public)
            wrong = [w for w in _NOT_OF_INTERFACES if w in modifiers]
            wrong += [w for w in ("static", "private") if w in modifiers and "default" in modifiers]
            if wrong:
                self._flag(f"an interface method cannot be {wrong[0]}")
        access = [w for w in modifiers if w in ("public", "protected", "private")]
        keywords = [w for w in modifiers if w in _MODIFIER_KEYWORDS]  # no annotation's words
        twice = next((w for k, w in enumerate(keywords) if w in keywords[:k]), None)
        if twice is not None:  # JLS 8.4.3, 8.8.3 (HdrHistogram's AbstractHistogramIterator
            # was offered abstract public abstract boolean reachedIterationLevel();)
            self._flag(f"'{twice}' twice: a modifier once at most")
        elif len(access) > 1:  # JLS 8.4.3, 8.8.3
            self._flag(f"'{' '.join(access)}': one access modifier at most")

    def _object_override(self, method: SyntaxNode, modifiers: list[str]) -> None:
        """A method with the signature of one of Object's overrides it, as JLS 8.4.8.3 and
        9.4.1 allow: ``hashCode()``, ``toString()`` and ``equals(Object)`` public, of an
        instance, returning what Object's do (no interface's a default one); ``clone()`` and
        ``finalize()`` of a class not private or package-private, of an instance, ``clone()``
        returning an object and ``finalize()`` nothing; ``getClass()``, ``notify()``,
        ``notifyAll()`` and ``wait()`` never (final). jcommander's Parameterized was offered
        ``protected int hashCode()`` and ``public long hashCode()``; in a class without a
        supertype (:attr:`Environment.bare`), ``@Override public int size()``: a method that
        is none of Object's overrides nothing."""
        kind = self.env.body_kind
        name, params = _name_and_params(method)
        key = (name, tuple(map(_base, params)))
        if {"Object", "String"} & self.env.classes:
            return  # a class of the file's own by those names: not java.lang's
        if "@Override" in modifiers and self.env.bare and key not in _OBJECT_OVERRIDABLE:
            self._flag(
                f"'{name}({', '.join(params)})' overrides nothing: the class has no supertype"
            )
            return
        if kind not in _CLASS_BODIES | {"interface_body"}:
            return
        returns = _declared_type(method.child_by_field_name("type"), method)
        wrong = ""
        if key in _OBJECT_FINAL:
            wrong = "it is final"
        elif key in _OBJECT_PUBLIC:
            if _base(returns) != _OBJECT_PUBLIC[key]:
                wrong = f"it returns {_OBJECT_PUBLIC[key]}"
            elif "static" in modifiers:
                wrong = "it is an instance's"
            elif kind == "interface_body" and {"default", "private"} & set(modifiers):
                wrong = "an interface cannot give it a body"
            elif kind != "interface_body" and "public" not in modifiers:
                wrong = "it is public"
        elif kind != "interface_body" and not params and name in ("clone", "finalize"):
            if "static" in modifiers:
                wrong = "it is an instance's"
            elif not {"public", "protected"} & set(modifiers):
                wrong = "it is protected"
            elif name == "finalize" and returns != "void":
                wrong = "it returns nothing"
            elif name == "clone" and (returns in _PRIMITIVES or returns == "void"):
                wrong = "it returns an object"
        if wrong:
            self._flag(f"'{name}({', '.join(params)})' cannot override Object's: {wrong}")

    def _recurses_at_once(self, method: SyntaxNode, body: SyntaxNode) -> None:
        """``int result() { return result(); }``, ``compare(left, right);`` first in
        ``compare(int left, int right)``: a method whose first statement calls itself with its
        own parameters, before anything else runs, never ends (both in the invoked lists of
        Guava's ComparisonChain)."""
        statements = _statements(body)
        if method.type != "method_declaration" or not statements:
            return
        first = statements[0]
        if first.type not in ("return_statement", "expression_statement"):
            return
        call = _bare(next(iter(first.named_children), None))
        if call is None or call.type != "method_invocation" or call.child_by_field_name("object"):
            return
        if _text(call.child_by_field_name("name")) != _text(method.child_by_field_name("name")):
            return
        params = _children(method.child_by_field_name("parameters"))
        if any(p.type != "formal_parameter" for p in params):
            return  # varargs, a receiver parameter: not judged
        if list(map(_text, _statements(call.child_by_field_name("arguments")))) == (
            _parameter_names(method)
        ):
            self._flag(f"'{_text(call)}' calls the method itself at once: it never ends")

    def _dead_stores(self, method: SyntaxNode, body: SyntaxNode) -> None:
        """``left = right; return this;``: a statement that sets a parameter or local that
        nothing reads after it, outside any loop (where a read before it runs again) or
        lambda: the value is lost (in the invoked lists of Guava's ComparisonChain)."""
        params = set(_parameter_names(method))
        last: dict[str, int] = {}  # each name's last use, by its start
        for x in _walk(method):
            if x.type == "identifier":
                last[_text(x)] = max(last.get(_text(x), -1), x.start_byte)
        for n in _walk(body):
            if n.type != "expression_statement" or not n.named_children:
                continue
            store = n.named_children[0]
            if (
                store.type != "assignment_expression"
                or _text(store.child_by_field_name("operator")) != "="
            ):
                continue
            target, value = store.child_by_field_name("left"), store.child_by_field_name("right")
            if target is None or target.type != "identifier" or _text(value) == "null":
                continue  # (x = null; lets the collector have it)
            name = _text(target)
            if not (name in params or _declared_around(n, body, name)):
                continue
            enclosing = n.parent
            while enclosing is not None and enclosing.id != body.id:
                if enclosing.type in _LOOPS or enclosing.type in _NESTED_CODE:
                    break
                enclosing = enclosing.parent
            else:
                if last.get(name, -1) < n.end_byte:
                    self._flag(f"'{_text(n)}' stores a value that nothing reads")

    def _never_marked(self, method: SyntaxNode, body: SyntaxNode) -> None:
        """``void dfs(int u) { for (int v : adj[u]) if (!seen[v]) dfs(v); }``: a search
        that tests a flag before it goes on from a node but never sets one (it goes round a
        cycle for ever); fixed by marking the node it is at first (``seen[u] = true;``). Not
        where the method sets the array's elements or passes the array on."""
        name = _text(method.child_by_field_name("name"))
        params = _parameter_names(method)
        statements = _statements(body)
        if not statements:
            return
        tested = []  # if (!seen[v]), if (seen[v]): the flag's array and index
        for x in _walk(body):
            if x.type != "if_statement":
                continue
            test = _bare(x.child_by_field_name("condition"))
            if test is not None and test.type == "unary_expression" and _text(test)[:1] == "!":
                test = _bare(test.child_by_field_name("operand"))
            if test is None or test.type != "array_access":
                continue
            flags, node = test.child_by_field_name("array"), test.child_by_field_name("index")
            if flags is not None and flags.type == "identifier" and node is not None:
                tested.append((test, flags, node))
        if not tested:
            return  # the method as a whole is walked below only where a flag is tested
        calls = [
            c
            for c in _walk(method)
            if c.type == "method_invocation" and c.child_by_field_name("object") is None
        ]
        recursive = [
            list(map(_text, _statements(c.child_by_field_name("arguments"))))
            for c in calls
            if _text(c.child_by_field_name("name")) == name
        ]
        marked = {  # the arrays whose elements the method sets
            _text(_array_of(left))
            for t in _walk(method)
            if t.type == "assignment_expression"
            and (left := t.child_by_field_name("left")) is not None
            and left.type == "array_access"
        }
        for test, flags, node in tested:
            for call in calls:
                args = list(map(_text, _statements(call.child_by_field_name("arguments"))))
                if _text(flags) in args:
                    return  # the flags passed on
            at = [a.index(_text(node)) for a in recursive if _text(node) in a]
            if not at or len(params) != len(recursive[0]) or _text(node) in params:
                continue
            if _text(flags) in marked:
                return
            start = statements[0].children[0]  # the mark goes before it, on a line of its own
            mark = f"{_text(flags)}[{params[at[0]]}] = true;\n{_indent(start)}{_text(start)}"
            what = f"'{name}' tests '{_text(test)}' before it goes on but never sets it"
            self._suspect(start, what, (start, start, mark))
            return

    def _other_field(self, method: SyntaxNode, body: SyntaxNode) -> None:
        """``int getY() { return x; }``: a getter of no parameters whose one statement
        returns another field of the property's type, where the class has the property's
        field; fixed by returning it (``return y;``)."""
        name = _text(method.child_by_field_name("name"))
        prefix = "get" if name.startswith("get") else "is" if name.startswith("is") else ""
        wanted = name[len(prefix) :]
        if (
            not prefix
            or not wanted[:1].isupper()
            or _statements(method.child_by_field_name("parameters"))
        ):
            return
        wanted = wanted[0].lower() + wanted[1:]
        statements = _statements(body)
        if len(statements) != 1 or statements[0].type != "return_statement":
            return
        value = next(iter(_statements(statements[0])), None)
        if value is not None and value.type == "field_access":
            if _text(value.child_by_field_name("object")) == "this":
                value = value.child_by_field_name("field")
        if value is None or value.type != "identifier" or self._lookup(_text(value)) is None:
            return
        got = _text(value)
        fields = self.env.fields
        if got == wanted or got not in fields or wanted not in fields or got in self.locals:
            return
        if fields[got] != fields[wanted] or not fields[got]:
            return
        what = f"'{name}()' returns '{got}', not the field '{wanted}'"
        self._suspect(value, what, (value, value, wanted))

    def _params(self, params: SyntaxNode | None) -> None:
        for p in _children(params):
            if p.type == "formal_parameter":
                self._declare(
                    p.child_by_field_name("name"), _declared_type(p.child_by_field_name("type"), p)
                )
            elif p.type == "spread_parameter":
                kind = next(
                    (
                        c
                        for c in p.named_children
                        if c.type not in ("variable_declarator", "modifiers")
                    ),
                    None,
                )
                for d in p.named_children:
                    if d.type == "variable_declarator":
                        self._declare(d.child_by_field_name("name"), _declared_type(kind) + "[]")
            elif p.type == "identifier":  # a lambda's inferred parameters
                self._declare(p, "")

    # -- the walk --------------------------------------------------------------------------
    def _node(self, n: SyntaxNode) -> None:
        kind = n.type
        if kind in _SKIPPED:
            return  # an annotation, a nested class body: not checked
        handler = getattr(self, "_" + kind, None)
        if handler is not None:
            handler(n)
            return
        opens = kind in ("block", "switch_block", "catch_clause", "try_with_resources_statement")
        if opens:
            self.scopes.append({})
        for child in n.named_children:
            self._node(child)
        if kind in ("block", "switch_block_statement_group", "constructor_body"):
            self._reachable(n)
        if opens:
            self.scopes.pop()

    def _class_literal(self, n: SyntaxNode) -> None:
        """``x.class`` names a type (JLS 15.8.2): not a name in lower case that no type of
        the file, its imports or its type parameters has, a variable's (JUnit's
        AllMembersSupplier was offered ``clazz.getAnnotatedMethods(sig.class)`` for a
        parameter ``sig``, RuleMemberValidatorTest ``new TestClass(context.class)``)."""
        named = n.named_children[0] if n.named_children else None
        if named is not None and named.type == "type_identifier":
            name = _text(named)
            known = name in self.env.types or name in self.type_params
            if name[:1].islower() and not known:
                self._flag(f"'{_text(n)}': '{name}' is no type")

    def _switch_label(self, n: SyntaxNode) -> None:
        """A case label's names are not checked (an enum's constants need no qualifier), but
        in a switch on a primitive, a box or a String, one is a constant: not a parameter, a
        local but a final one given a value, nor a field the class declares not final
        (JLS 14.11.1; Commons CSV's CSVPrinter was offered ``case appendable:``, ``case i:``
        for ``case CR:`` in a switch on a char)."""
        block = n.parent.parent if n.parent is not None else None
        switch = block.parent if block is not None and block.type == "switch_block" else None
        selector = switch.child_by_field_name("condition") if switch is not None else None
        kind = self._type_of(_bare(selector)) if selector is not None else ""
        if _BOXED.get(kind, kind) not in _PRIMITIVES | {"String"}:
            return
        for label in n.named_children:
            name = _text(label)
            if label.type != "identifier" or name in self.sealed:
                continue
            local = any(name in scope for scope in self.scopes)
            if local or name in self.env.own_fields and name not in self.env.finals:
                self._flag(f"'case {name}': a case label is a constant, not a variable")

    def _cast_expression(self, n: SyntaxNode) -> None:
        """A cast of a name, a call or an element to the primitive type it has: a candidate
        that writes one repairs nothing (javac -Xlint:cast; Commons Lang's BitField was
        offered ``(short) clearShort(holder)`` for ``(short) clear(holder)``). Not of
        arithmetic, cast for clarity (ManySStuBs4J's ``(int) (b & 0xff)``, as committed), nor
        of a String (a real CodRep fix wrote ``(String) entry.getValue().toString()``)."""
        for child in n.named_children:
            self._node(child)
        target = _declared_type(n.child_by_field_name("type"))
        value = _bare(n.child_by_field_name("value"))
        named = value is not None and value.type in _NAMED_VALUES
        if named and target in _PRIMITIVES and self._type_of(value) == target:
            self._flag(f"'{_text(n)}' casts a value to its own type, {target}")

    def _local_variable_declaration(self, n: SyntaxNode) -> None:
        kind = n.child_by_field_name("type")
        for d in n.named_children:
            if d.type == "variable_declarator":
                declared = _declared_type(kind, d)
                self._declare(d.child_by_field_name("name"), declared)
                local = _text(d.child_by_field_name("name"))
                self.types[local] = kind if local not in self.types else None
                value = d.child_by_field_name("value")
                if value is not None:
                    self.initializing = _text(d.child_by_field_name("name"))
                    if any(x.type == "assignment_expression" for x in _walk(value)):
                        self.initializing = ""  # int x = (x = 1) + x: assigned before read
                    self._node(value)
                    self.initializing = ""
                    self._assign(declared, value, f"'{_text(d)}'")
                    name = _text(d.child_by_field_name("name"))
                    if (number := _value(value)) is not None:
                        self.values[name] = number
                    if value.type in ("field_access", "method_invocation"):  # a length, maybe
                        self.lengths[name] = None if name in self.lengths else value
                    if extreme := _EXTREMES.get(_text(value).replace(" ", "")):
                        self.extremes[name] = "" if name in self.extremes else extreme
                    if value.type == "array_creation_expression":
                        size = next(
                            (c for c in value.named_children if c.type == "dimensions_expr"), None
                        )
                        sizes = _statements(size)
                        self.sizes[name] = (
                            sizes[0] if name not in self.sizes and len(sizes) == 1 else None
                        )
                        dims = [c for c in value.named_children if c.type == "dimensions_expr"]
                        if len(dims) == 2 and all(len(_statements(d)) == 1 for d in dims):
                            self.grids[name] = None if name in self.grids else (dims[0], dims[1])

    def _expression_statement(self, n: SyntaxNode) -> None:
        # an arm of a switch (case 1 -> 0;) is its value where the switch is an expression
        arm = n.parent is not None and n.parent.type == "switch_rule"
        for c in _statements(n):
            if not arm:
                self._statement_expression(c)
            self._node(c)
            if not arm and c.type == "method_invocation" and self.checking:
                self._result_ignored(c)

    def _result_ignored(self, call: SyntaxNode) -> None:
        """``s.trim();``, ``sum.add(x);``: a method of an immutable String or BigInteger
        whose result, the only thing it makes, is dropped; fixed by keeping it (``s =
        s.trim();``) where the value is a variable."""
        obj = call.child_by_field_name("object")
        owner = _base(self._type_of(obj)) if obj is not None else ""
        name = _text(call.child_by_field_name("name"))
        if obj is None or name not in _RESULT_ONLY.get(owner, ()):
            return
        what = f"'{_text(call)}' makes a new {owner} and drops it"
        keep = obj.type == "identifier" or (
            obj.type == "field_access" and _text(obj.child_by_field_name("object")) == "this"
        )
        self._suspect(call, what, (call, call, f"{_text(obj)} = {_text(call)}") if keep else None)

    def _statement_expression(self, n: SyntaxNode) -> None:
        if n.type in _NOT_STATEMENTS or n.type.endswith("_literal"):
            self._flag(f"'{_text(n)}' is not a statement")

    def _for_statement(self, n: SyntaxNode) -> None:
        self.scopes.append({})
        for init in n.children_by_field_name("init"):
            if init.type != "local_variable_declaration":
                self._statement_expression(init)
        for update in n.children_by_field_name("update"):
            self._statement_expression(update)
        condition = n.child_by_field_name("condition")
        if condition is not None:
            self._condition(condition)
        for c in n.named_children:
            self._node(c)
        if condition is not None and self.checking:
            self._equal_bound(n, condition)
            self._never_entered(n, condition)
            self._other_bounded(n, condition)
            if not self._wrong_step(n, condition):
                self._loop(n, condition)
            self._past_the_end(n, condition)
            self._next_past_the_end(n, condition)
            self._mirrored(n)
            self._mask_bound(n, condition)
        if self.checking:
            self._empty_body(n, n.child_by_field_name("body"), True)
        self.scopes.pop()

    def _counter(
        self, n: SyntaxNode
    ) -> tuple[SyntaxNode, SyntaxNode | None, SyntaxNode, SyntaxNode] | None:
        """The one variable a ``for`` loop ``n`` declares, of an integral primitive type
        (only an assignment changes it), its initial value, the loop's body and its one step;
        None otherwise."""
        inits, updates = n.children_by_field_name("init"), n.children_by_field_name("update")
        body = n.child_by_field_name("body")
        if len(inits) != 1 or inits[0].type != "local_variable_declaration" or body is None:
            return None
        if _text(inits[0].child_by_field_name("type")) not in ("int", "long", "short"):
            return None
        declared = [d for d in _children(inits[0]) if d.type == "variable_declarator"]
        name = declared[0].child_by_field_name("name") if len(declared) == 1 else None
        if name is None or len(updates) != 1:
            return None
        return name, declared[0].child_by_field_name("value"), body, updates[0]

    def _equal_bound(self, n: SyntaxNode, condition: SyntaxNode) -> None:
        """``for (int i = 1; i == a.length; i++)``: a loop whose condition asks its stepped
        variable to equal a bound runs once at most (a step moves it off); nonsense as a
        repair (a search stops on ``a[i] == x``, a variable the step does not move)."""
        updates = n.children_by_field_name("update")
        if len(updates) != 1 or updates[0].type not in _STEPS:
            return
        step = updates[0]
        moved = step.child_by_field_name("left") or next(iter(_statements(step)), None)
        found = _comparison(condition, ("==",))
        if moved is None or moved.type != "identifier" or found is None:
            return
        if _text(moved) in (_text(found[1]), _text(found[2])):
            self._flag(f"the loop's condition '{_text(condition)}' holds once at most")

    def _never_entered(self, n: SyntaxNode, condition: SyntaxNode) -> None:
        """``for (int i = 0; i > 0; i--)``: a loop whose counter starts at a constant that its
        condition, a comparison with a constant, already rejects never runs its body; nonsense
        as a repair (:meth:`_counter`: only the loop's assignments change the counter)."""
        counter = self._counter(n)
        found = _comparison(condition, ("<", "<=", ">", ">=", "!="))
        if counter is None or found is None:
            return
        start = _value(counter[1])
        op, left, right = found
        if _text(_bare(right)) == _text(counter[0]):  # 0 < i: as i > 0
            op, left, right = _FLIPPED.get(op, op), right, left
        bound = _value(right)
        if start is None or bound is None or _text(_bare(left)) != _text(counter[0]):
            return
        if not _HOLDS[op](start, bound):
            self._flag(f"the loop's condition '{_text(condition)}' is false from the start")

    def _other_bounded(self, n: SyntaxNode, condition: SyntaxNode) -> None:
        """``for (int i = 1; best < a.length; i++) if (a[i] > a[best]) best = i;``: a loop
        that steps its counter and indexes with it, but whose condition, a bound of a length,
        never reads it (Correct.java's invoked list held it): nothing stops the counter
        before the end. Nonsense as a repair (a search ``for (int i = 0; !found; i++)`` tests
        no length)."""
        counter = self._counter(n)
        found = _comparison(condition, _ORDER)
        if counter is None or found is None or not _stepped(counter[3], counter[0]):
            return
        name, body = _text(counter[0]), counter[2]
        if name in map(_text, _names(condition)):
            return
        for side in (found[1], found[2]):
            ends = self._length(side)
            if ends is not None and any(_reads_at(x, ends, name) for x in _walk(body)):
                what = f"the loop's condition '{_text(condition)}' never reads its counter '{name}'"
                self._flag(what)
                return

    def _wrong_step(self, n: SyntaxNode, condition: SyntaxNode) -> bool:
        """``for (int j = i + 1; j < n; i++)``: a loop whose condition compares the one
        variable it declares with a bound, whose one step moves another (not the bound), and
        whose body neither changes its own nor leaves early (it runs forever, or past an
        end): a likely bug, fixed by stepping its own (``j++``). Whether it is one."""
        counter = self._counter(n)
        if counter is None:
            return False
        own, body, step = _text(counter[0]), counter[2], counter[3]
        if step.type == "assignment_expression":
            moved = step.child_by_field_name("left")
        elif step.type == "update_expression":
            moved = next(iter(_statements(step)), None)
        else:
            return False
        if moved is None or moved.type != "identifier" or _text(moved) == own:
            return False
        condition = _bare(condition)
        sides = [condition.child_by_field_name(f) for f in ("left", "right")]
        if condition.type != "binary_expression" or _text(
            condition.child_by_field_name("operator")
        ) not in _COMPARISON | {"!="}:
            return False
        if own not in map(_text, sides) or _text(moved) in map(_text, sides):
            return False  # for (int end = f(); j < end; j++): the bound declared there
        if own in _assigned(body) or any(x.type in _EXITS for x in _walk(body)):
            return False
        what = f"'{_text(step)}' steps '{_text(moved)}', not the loop's own '{own}'"
        self._suspect(step, what, (moved, moved, own))
        return True

    def _past_the_end(self, n: SyntaxNode, condition: SyntaxNode) -> None:
        """A loop over the indices of an array, a String or a list that reaches its length
        and reads the element there in every iteration: ``for (int i = 0; i <= a.length;
        i++) s += a[i];`` (it fails in its last, fixed by ``<``; so does ``i < a.length +
        1``, fixed by ``< a.length``), ``for (int i =
        a.length; i >= 0; i--) b.append(a[i]);`` (in its first, fixed by ``a.length - 1``)."""
        counter = self._counter(n)
        if counter is None or not _stepped(counter[3], counter[0]):
            return
        name, start, body, step = counter
        up = _stepped(step, name) == "++"
        condition = _bare(condition)
        upper = _upper_bound(condition, name) if up else None
        if upper is not None:
            end, fix = upper
        elif not up and start is not None:
            end, fix = start, (start, start, f"{_text(start)} - 1")
            beyond = _comparison(start, ("+",))  # a.length + 1: past it by as much again
            if beyond is not None and (_value(beyond[2]) or 0) > 0:
                end, fix = beyond[1], (start, start, f"{_text(beyond[1])} - 1")
        else:
            return
        past = start if fix[0] is start else end  # where the counter is when it reads past
        ends, where = self._length(end), end
        if ends is None:  # new long[n] and i <= n: the array's size, and maybe its fix
            ends = self._sized(end, body, _text(name))
            size = self._size(ends[0]) if ends is not None else None
            if size is not None and up and _value(start) not in (None, 0):
                fix, where = size  # from 1 to n: an array of n + 1 was meant
        if ends is None:
            return
        read = _read_each_pass(body, _text(name), ends, _text(name))
        if read is not None:
            what = f"'{_text(read)}' reads past the end when '{_text(name)}' is {_text(past)}"
            if up and where is end and (_value(start) or 0) > 0:  # from 1 to the length
                index = _index(read)
                fix, where = (index, index, f"{_text(name)} - 1"), read  # read from 1 on
                fix = self._paired(read, index) or fix
            self._suspect(where, what, fix)  # where the fix is

    def _paired(
        self, read: SyntaxNode, index: SyntaxNode
    ) -> tuple[SyntaxNode, SyntaxNode, str] | None:
        """The fix of ``s.charAt(i) == t.charAt(j)`` (``read`` is the second, past the end
        in a loop of ``j`` from 1 to ``t``'s length) where ``i`` too runs from 1 to ``s``'s
        length in a loop around it (a table of ``n + 1`` by ``m + 1``, whose row and
        column 0 stand for the empty prefix): both read at ``- 1``."""
        pair = read.parent
        found = _comparison(pair, ("==", "!="))
        if pair is None or found is None:
            return None
        other = found[2] if found[1].id == read.id else found[1]
        if other.type not in ("array_access", "method_invocation"):
            return None
        at = (
            _index(other)
            if other.type == "array_access" or _statements(other.child_by_field_name("arguments"))
            else None
        )
        loop = read.parent
        while at is not None and loop is not None and loop.type not in _METHODS:
            counter = self._counter(loop) if loop.type == "for_statement" else None
            bound = _comparison(loop.child_by_field_name("condition"), ("<=",))
            if counter is not None and bound is not None and _same(counter[0], at):
                ends = self._length(bound[2]) if _same(bound[1], at) else None
                if ends is None or not _reads_at(other, ends, _text(at)):
                    return None
                if (_value(counter[1]) or 0) <= 0 or _stepped(counter[3], counter[0]) != "++":
                    return None
                new = _rewritten(pair, {at.id: f"{_text(at)} - 1", index.id: f"{_text(index)} - 1"})
                return pair, pair, new
            loop = loop.parent
        return None

    def _next_past_the_end(self, n: SyntaxNode, condition: SyntaxNode) -> None:
        """``for (int i = 0; i < a.length; i++) if (a[i] > a[i + 1]) ...``: a loop to the
        last index that reads the element after it in every iteration, past the end in the
        last; fixed by stopping one before (``i < a.length - 1``); where the loop starts past
        0, by reading the one before (``a[i - 1]``); where it assigns that element of a local
        ``new long[n]`` (a prefix table), by ``new long[n + 1]``. Not where the loop may leave
        early or changes its variable or the array."""
        counter = self._counter(n)
        found = _comparison(condition, ("<",))
        if counter is None or found is None or _stepped(counter[3], counter[0]) != "++":
            return
        name, start, body, _ = counter
        if not _same(found[1], name):
            return
        end, after = found[2], f"{_text(name)} + 1"
        ends = self._length(end) or self._sized(end, body, after)
        read = None if ends is None else _read_each_pass(body, _text(name), ends, after)
        if ends is None or read is None:
            return
        fix, where = (end, end, f"{_text(end)} - 1"), end
        parent = read.parent
        if (
            parent is not None
            and parent.type == "assignment_expression"
            and (parent.child_by_field_name("left") == read)
        ):
            size = self._size(ends[0])  # new long[n], pre[i + 1] = ...: a table of n + 1
            if size is not None:
                fix, where = size
        elif (_value(start) or 0) > 0:  # from 1, a[i] - a[i + 1]: the one before was meant
            index = _index(read)
            fix, where = (index, index, f"{_text(name)} - 1"), read
        what = f"'{_text(read)}' reads past the end when '{_text(name)}' is {_text(end)} - 1"
        self._suspect(where, what, fix)  # where the fix is

    def _mask_bound(self, n: SyntaxNode, condition: SyntaxNode) -> None:
        """``for (int mask = 0; mask < n; mask++)`` whose body tests the bits of ``mask``
        (``mask >> i & 1``, ``mask & (1 << i)``) in a loop of ``i < n``: the subsets of n
        things are the masks below ``1 << n``, not below ``n``; fixed by ``mask < (1 <<
        n)``."""
        counter = self._counter(n)
        found = _comparison(condition, ("<",))
        if counter is None or found is None or _value(counter[1]) != 0:
            return
        mask, _, body, step = counter
        end = found[2]
        if not _same(found[1], mask) or _stepped(step, mask) != "++" or mask.type != "identifier":
            return
        if end.type not in ("identifier", "field_access") or _text(mask) in _assigned(body):
            return
        bits = {b for x in _walk(body) if (b := _bit_of(x, _text(mask))) is not None}
        for x in _walk(body):
            inner = self._counter(x) if x.type == "for_statement" else None
            bound = _comparison(x.child_by_field_name("condition"), ("<",))
            if inner is None or bound is None or _text(inner[0]) not in bits:
                continue
            if _same(bound[1], inner[0]) and _same(bound[2], end):
                what = f"'{_text(mask)}' runs below {_text(end)}, not over the subsets of its bits"
                self._suspect(condition, what, (end, end, f"(1 << {_text(end)})"))
                return

    def _mirrored(self, n: SyntaxNode) -> None:
        """``for (int i = 0; ...; i++)`` whose every iteration reads ``s.charAt(s.length() -
        i)`` (or ``a[a.length - i]``, ``xs.get(xs.size() - i)``): the element past the end
        when ``i`` is 0; fixed by ``s.length() - 1 - i``."""
        counter = self._counter(n)
        if counter is None or _value(counter[1]) != 0 or _stepped(counter[3], counter[0]) != "++":
            return
        name, body, changed = _text(counter[0]), counter[2], _assigned(counter[2])
        if name in changed:
            return
        exits = [x.start_byte for x in _walk(body) if x.type in _EXITS]
        for x in _walk(body):
            if any(e < x.start_byte for e in exits):
                continue  # the first iteration may leave before it
            if x.type == "array_access":
                index = x.child_by_field_name("index")
            elif x.type == "method_invocation":
                index = next(iter(_statements(x.child_by_field_name("arguments"))), None)
            else:
                continue
            if index is None or index.type != "binary_expression":
                continue
            length, offset = index.child_by_field_name("left"), index.child_by_field_name("right")
            if _text(index.child_by_field_name("operator")) != "-" or _text(offset) != name:
                continue
            ends = self._length(length)
            if ends is None or _text(ends[0]) in changed:
                continue
            if _reads_at(x, ends, _text(index)) and _unguarded(x, body):
                what = f"'{_text(x)}' reads past the end when '{name}' is 0"
                fix = (index, index, f"{_text(length)} - 1 - {name}")
                self._suspect(x, what, fix)
                return

    def _sized(
        self, end: SyntaxNode | None, body: SyntaxNode, index: str
    ) -> tuple[SyntaxNode, str] | None:
        """An array that ``body`` indexes at ``index`` and whose size (:meth:`_size`) is
        ``end``, as :meth:`_length` says of ``a.length``."""
        for x in _walk(body):
            at = _text(x.child_by_field_name("index")).replace(" ", "")
            if x.type == "array_access" and at == index.replace(" ", ""):
                array = x.child_by_field_name("array")
                size = self._size(array)
                if size is not None and _same(size[0][0], end):
                    return array, "length"  # type: ignore[return-value]
        return None

    def _assigned_after(self, at: int) -> set[str]:
        """The variables that the method assigns, increments or decrements at byte ``at`` or
        after (a loop that comes back runs again what it declares before)."""
        if self.assignments is None:
            self.assignments = _assignments(self.method) if self.method else []
        return {name for start, name in self.assignments if start >= at}

    def _size(
        self, array: SyntaxNode | None
    ) -> tuple[tuple[SyntaxNode, SyntaxNode, str], SyntaxNode] | None:
        """The fix that gives the local ``array``, declared ``new T[n]`` once and never
        assigned again (nor ``n``'s variables after it: ``n = Math.min(n, m)`` before it
        sizes the array), one more element (``n + 1``), and where it is; None otherwise."""
        if array is None or array.type != "identifier" or self.method is None:
            return None
        size = self.sizes.get(_text(array))
        if size is None or size.type not in ("identifier", "field_access", "binary_expression"):
            return None
        if {_text(array), *map(_text, _names(size))} & self._assigned_after(size.end_byte):
            return None
        return (size, size, f"{_text(size)} + 1"), size

    def _length(self, n: SyntaxNode | None) -> tuple[SyntaxNode, str] | None:
        """What ``n`` is the length of (``a.length`` of an array, ``s.length()`` of a String
        or StringBuilder, ``xs.size()`` of a list), and which (a key of ``_AT_INDEX``)."""
        if n is None:
            return None
        if n.type == "identifier" and (value := self.lengths.get(_text(n))) is not None:
            names = {_text(n), *map(_text, _names(value))}  # int n = s.length(); neither again
            if not names & self._assigned_after(value.end_byte):
                return self._length(value)
        if n.type == "field_access" and _text(n.child_by_field_name("field")) == "length":
            obj, which = n.child_by_field_name("object"), "length"
            wanted = self._type_of(obj).endswith("[]")
        elif n.type == "method_invocation" and not _statements(n.child_by_field_name("arguments")):
            obj, member = n.child_by_field_name("object"), _text(n.child_by_field_name("name"))
            kind = _base(self._type_of(obj))
            which = member + "()"
            wanted = (member == "length" and kind in ("String", "StringBuilder")) or (
                member == "size" and kind in _LISTS
            )
        else:
            return None
        return (obj, which) if wanted and obj is not None and _same(obj, obj) else None

    def _loop(self, n: SyntaxNode, condition: SyntaxNode) -> None:
        """A ``for`` loop whose condition, a comparison of locals, no statement of the loop
        changes (it runs never or forever: ``for (j = 1; i < n; j++)``), or whose one step
        moves its variable away from the bound (``for (i = n; i >= 0; i++)``)."""
        condition = _bare(condition)
        op = _text(condition.child_by_field_name("operator"))
        if condition.type != "binary_expression" or op not in _ORDER:
            return
        names = {_text(x) for x in _names(condition) if not _member_name(x)}
        body = n.child_by_field_name("body")
        in_body = _assigned(body) if body is not None else set()
        changed = in_body.union(
            *(
                _assigned(c)
                for c in n.named_children
                if body is None or c.start_byte != body.start_byte
            )
        )  # the loop walked once: its body apart, which the step's check reads again
        changed |= _elements_assigned(n)  # for (; next[at] < m; next[at]++) (Dinics' dfs)
        # a call may change what it reads, and so may one of a field; a name not known here
        judged = not any(x.type == "method_invocation" for x in _walk(condition))
        judged &= not any(self._lookup(x) is None or x in self.env.fields for x in names)
        if judged and not names & changed:
            self._flag(f"the loop's condition '{_text(condition)}' never changes")
            return
        updates = n.children_by_field_name("update")
        if len(updates) != 1 or updates[0].type not in (
            "update_expression",
            "assignment_expression",
        ):
            return
        step = updates[0]
        moved = step.child_by_field_name("left") or next(iter(_statements(step)), None)
        if moved is None or moved.type != "identifier" or _text(moved) not in names:
            return
        if self._lookup(_text(moved)) is None or _text(moved) in self.env.fields:
            return  # a field, which a call of the bound (size()) may move too
        if step.type == "assignment_expression":
            step_op = _text(step.child_by_field_name("operator"))
            value = step.child_by_field_name("right")
            if value is None or value.type != "decimal_integer_literal" or _text(value) == "0":
                return
        else:  # i++, --i: the operator is the one unnamed child
            step_op = next((c.type for c in step.children if c.type in ("++", "--")), "")
        if _text(moved) in in_body:
            return  # the body moves it too
        left, right = condition.child_by_field_name("left"), condition.child_by_field_name("right")
        name = _text(moved)
        if _text(left) == name:
            above = op in (">", ">=")  # i > bound: the loop runs while i is above it
        elif _text(right) == name:
            above = op in ("<", "<=")  # bound < i
        else:
            return
        up, down = step_op in _UP, step_op in _DOWN
        if (above and up) or (not above and down):
            self._flag(
                f"'{_text(step)}' moves '{name}' away from the bound of '{_text(condition)}'"
            )

    def _enhanced_for_statement(self, n: SyntaxNode) -> None:
        value = n.child_by_field_name("value")
        self._node(value)  # type: ignore[arg-type]  # grammar: required
        self.scopes.append({})
        kind = n.child_by_field_name("type")
        declared = _declared_type(kind, n)
        self._declare(n.child_by_field_name("name"), declared)
        over = self._type_of(value)
        if self._kind(over) in ("primitive", "boxed", "String"):
            self._flag(f"'{_text(value)}' ({over}) is not an array or a collection")
        elif over.endswith("]") and self._kind(declared) and _incompatible(declared, over[:-2]):
            self._flag(f"'{_text(kind)}' cannot hold the elements of '{_text(value)}' ({over})")
        body = n.child_by_field_name("body")
        self._node(body)  # type: ignore[arg-type]  # grammar: required
        self.scopes.pop()
        if body is not None:
            self._element_dropped(_text(n.child_by_field_name("name")), body)

    def _element_dropped(self, name: str, body: SyntaxNode) -> None:
        """``for (int x : a) { x = Math.min(lo, x); }``: a value given to the loop's element
        variable that nothing reads after it in the body (the next pass takes the next
        element), nor a loop in the body around it (``while (num > 0) { ...; num /= 10; }``):
        the assignment does nothing."""
        for x in _changes(body, name):
            if x.type != "assignment_expression":
                continue
            later = any(_text(y) == name and y.start_byte >= x.end_byte for y in _names(body))
            if not later and not any(
                _text(y) == name for loop in _loops_around(x, body) for y in _names(loop)
            ):
                self._flag(f"'{_text(x)}' gives the loop's element a value nothing reads")
                return

    def _catch_clause(self, n: SyntaxNode) -> None:
        self.scopes.append({})
        for c in n.named_children:
            if c.type == "catch_formal_parameter":
                self._declare(c.child_by_field_name("name"), "Throwable")
                for t in _walk(c):  # catch (Arrays e), offered in JUnit's ComparisonCriteria
                    name = _text(t)
                    if t.type == "type_identifier" and self._library(name) is not None:
                        if not name.endswith(("Exception", "Error")):
                            self._flag(f"'{name}' is caught, but is no exception")
            else:
                self._node(c)
        self.scopes.pop()

    def _resource(self, n: SyntaxNode) -> None:
        value = n.child_by_field_name("value")
        if value is not None:
            self._node(value)
        name = n.child_by_field_name("name")
        if name is not None:
            self._declare(name, _text(n.child_by_field_name("type")))
        else:
            for c in n.named_children:
                self._node(c)

    def _lambda_expression(self, n: SyntaxNode) -> None:
        self.scopes.append({})
        self.returns.append("")  # a lambda's: unknown
        initializing, self.initializing = self.initializing, ""  # read later, when called
        params = n.child_by_field_name("parameters")
        if params is not None and params.type == "identifier":
            self._declare(params, "")
        else:
            self._params(params)
        body = n.child_by_field_name("body")
        if body is not None:
            self._node(body)
        self.initializing = initializing
        self.returns.pop()
        self.scopes.pop()

    def _instanceof_expression(self, n: SyntaxNode) -> None:
        self._node(n.child_by_field_name("left"))  # type: ignore[arg-type]  # grammar: required
        name = n.child_by_field_name("name")
        if name is not None:  # a pattern's binding reaches past the condition: the block's
            self._declare(name, _text(n.child_by_field_name("right")), binding=True)
        for c in n.named_children:
            if c.type in ("record_pattern", "type_pattern"):
                for d in _walk(c):
                    if d.type == "identifier":
                        self._declare(d, "", binding=True)

    def _labeled_statement(self, n: SyntaxNode) -> None:
        for c in n.named_children[1:]:  # the first is the label
            self._node(c)

    def _break_statement(self, n: SyntaxNode) -> None:
        return  # a label, if any

    _continue_statement = _break_statement

    def _return_statement(self, n: SyntaxNode) -> None:
        values = _statements(n)
        for c in values:
            self._node(c)
        returns = self.returns[-1] if self.returns else ""
        if returns == "void" and values:
            self._flag(f"'{_text(n)}' returns a value from a void method")
        elif returns not in ("", "void") and not values:
            self._flag(f"'{_text(n)}' returns no value from a method of {returns}")
        elif values:
            self._assign(returns, values[0], "the method's return value")

    def _this(self, n: SyntaxNode) -> None:
        if self.static:
            self._flag(f"'{_text(n)}' in a static method")

    def _super(self, n: SyntaxNode) -> None:
        parent = n.parent
        if parent is None or parent.type != "wildcard":  # Comparable<? super T>: a bound
            self._this(n)

    def _method_reference(self, n: SyntaxNode) -> None:
        first = n.named_children[0] if n.named_children else None
        if first is not None and first.type not in ("identifier", "type_identifier"):
            self._node(first)

    def _scoped_identifier(self, n: SyntaxNode) -> None:
        return  # a qualified name (a package and its types)

    def _identifier(self, n: SyntaxNode) -> None:
        name = _text(n)
        if name == self.initializing:
            self._flag(f"'{name}' is read in its own initializer")
        declared = self._lookup(name)
        if self.static and name in self.env.instance_fields:
            if not any(name in scope for scope in self.scopes) and name not in self.env.locals:
                # (picocli's descriptionKey() { return descriptionKey; } was offered static)
                self._flag(f"'{name}', an instance field, in a static method")
        if declared is None and _camel(name) and _as_value(n):
            if name in JAVA_LANG or name in self.env.types:  # value == Character
                self._flag(f"'{name}' is a type, not a value")
                return
        if declared is not None or name in self.env.free:
            return
        if _camel(name):  # a type, as Math in Math.max(a, b), or a field named as one
            if self._type_known(name):
                return
            if not self.env.open and not self.env.open_types:
                self._flag(f"'{name}' is not declared here")
            self.unresolved_types.add(name)
            return
        if not self.env.open or name in self.locals or name in self.env.locals:
            self._flag(f"'{name}' is not declared here")
        self.unresolved.add(name)

    def _type_identifier(self, n: SyntaxNode) -> None:
        name = _text(n)
        if self._type_known(name) or name in self.env.free:
            return
        if not self.env.open_types:
            self._flag(f"type '{name}' is not declared or imported")
        self.unresolved_types.add(name)

    def _scoped_type_identifier(self, n: SyntaxNode) -> None:
        first = n.named_children[0]  # Map.Entry: Map is the type to find; java.util.List: none
        if first.type != "type_identifier" or _camel(_text(first)):
            self._node(first)

    def _type_known(self, name: str) -> bool:
        """Whether the type ``name`` may be in scope: any but a library type not imported."""
        return (
            name not in _IMPORTED
            or name in self.env.types
            or name in JAVA_LANG
            or name in self.type_params
        )

    def _method_invocation(self, n: SyntaxNode) -> None:
        obj = n.child_by_field_name("object")
        name = _text(n.child_by_field_name("name"))
        args = _statements(n.child_by_field_name("arguments"))
        for c in n.named_children:
            if c.type in ("argument_list", "type_arguments"):
                self._node(c)
        if "pow" in name.lower() and len(args) >= 2 and self.checking:
            self._fermat_one(n)
        if obj is None:
            known = name in self.env.methods or name in self.env.free or self.env.open
            if not known:
                self._flag(f"no method '{name}' here")
            elif not self.env.open and name in self.env.signatures:
                self._arguments(f"'{name}'", self.env.signatures[name], args)
                self._swapped_arguments(n, self.env.signatures[name], args)
            if name not in self.env.methods:
                self.unresolved.add(name)
        else:
            self._node(obj)
            self._member(obj, name, args)
            if obj.type == "this" and not self.env.open and name not in _SUPER_OBJECT_METHODS:
                self._own_method(name, args)  # Commons Math's KthSelector: this.checkNotNull
            seen = self.env.plain or not self.env.open and name not in self.env.methods
            if obj.type == "super" and seen and name not in _SUPER_OBJECT_METHODS:
                # a class that extends nothing (Object), or one whose classes around are seen
                self._flag(f"no method '{name}' in the superclass")
            elif obj.type == "super" and self._abstract_called(name, args):
                self._flag(f"'{_text(n)}': abstract in the superclass")
            if obj.type == "string_literal" and not args and name in _CONSTANT_ON_LITERAL:
                self._flag(f"'{_text(n)}' is a constant")  # "0".toString(), "".isEmpty()
            self._format_arguments(n, obj, name, args)
            if _text(obj) in _PRINTERS and name in ("print", "println") and len(args) == 1:
                kind = self._type_of(args[0])  # an array prints its identity hash code
                if kind.endswith("[]") and kind != "char[]":
                    self._flag(f"'{_text(n)}' prints an array's identity, not its elements")
            if _compares_itself(obj, name, args):  # Math.min(best, best), x.equals(x)
                self._flag(f"'{_text(n)}' compares an expression with itself")
            elif _text(obj) in ("Math", "StrictMath") and name in ("min", "max") and len(args) == 2:
                if _offset_of(args[0], args[1]) or _offset_of(args[1], args[0]):
                    self._suspect(n, f"'{_text(n)}' compares a value with itself plus a change")
                if self.checking:
                    self._stuck_extreme(n, name)
                    for arg in args if name == "max" else ():
                        self._never_gains(n, arg)
                    for arg in args if name == "min" else ():
                        self._past_the_ceiling(n, arg)
                for x, y in ((args[0], args[1]), (args[1], args[0])):  # max(best, w * h)
                    self._widened(_BOXED.get(self._type_of(y), self._type_of(y)), x)
            elif (
                _text(obj) in ("Arrays", "java.util.Arrays")
                and name == "fill"
                and len(args) in (2, 4)
            ):
                self._filled(n, args[0], args[-1])
            elif args and name in ("get", "set", "charAt", "codePointAt"):
                self._at_the_end(n, args[0])
                if name == "get" and len(args) == 1 and self.checking:
                    self._absent_counted(n, obj, args[0])
            elif len(args) == 1 and name in ("print", "println", "append"):
                self._char_added(args[0])
            elif not args and name == "nextLine" and self.checking:
                self._rest_of_line(n, obj)
            elif args and name in _REGEX_METHODS and self._type_of(obj) == "String":
                self._regex_sign(n, args[0])
            if _text(obj) == "Math" and name in ("ceil", "round") and len(args) == 1:
                self._widened("double", args[0])  # Math.ceil(n / k): already rounded down

    def _format_arguments(
        self, n: SyntaxNode, obj: SyntaxNode, name: str, args: list[SyntaxNode]
    ) -> None:
        """``String.format``, ``printf`` or ``formatted`` of a literal format: as many
        arguments as it has conversions (Guava's LinearTransformation was offered
        ``String.format("NaN", true)``: one ignored; one too few throws), where none is
        numbered (``%1$s``, ``%<s``) and no argument may be an array spread over them."""
        if name == "formatted" and obj.type == "string_literal":
            pattern, given = obj, args
        elif name in ("format", "printf") and (_text(obj) == "String" or name == "printf"):
            # the format first, or after a Locale (a format built by + is not read)
            localised = len(args) > 1 and "Locale" in (_text(args[0]), self._type_of(args[0]))
            localised |= len(args) > 1 and _text(args[0]).startswith("Locale.")
            first = 1 if localised else 0
            if not args[first:] or args[first].type != "string_literal":
                return
            pattern, given = args[first], args[first + 1 :]
        else:
            return
        conversions = [m.group(1) for m in _CONVERSION.finditer(_text(pattern))]
        if any("$" in c or "<" in c for c in conversions):
            return
        wanted = sum(1 for c in conversions if c[-1] not in "%n")
        spread = self._kind(self._type_of(given[0])) in ("", "array", "null") if given else False
        if len(given) == 1 and spread and given[0].type != "this":
            return  # perhaps an Object[] of the arguments
        if len(given) != wanted:
            self._flag(f"'{_text(n)}' gives {len(given)} arguments to {wanted} conversions")

    def _own_method(self, name: str, args: list[SyntaxNode]) -> None:
        """``this.name(args)`` in a class whose members are all seen: a method the classes
        around declare, taking those arguments."""
        if name not in self.env.methods and name not in self.env.free:
            self._flag(f"no method '{name}' in this class")
        elif name in self.env.signatures:
            self._arguments(f"'this.{name}'", self.env.signatures[name], args)

    def _abstract_called(self, name: str, args: list[SyntaxNode]) -> bool:
        """Whether ``super.name(args)`` calls an abstract method of the superclass: every
        declaration of that many parameters is abstract, or the one whose parameters are the
        arguments' types exactly (the most specific: Guava's ``super.compare(left, right)``
        for ints, where ``compare(Boolean, Boolean)`` is the one concrete overload)."""
        taking = [(a, o) for a, o in self.env.super_methods.get(name, ()) if o.takes(len(args))]
        if not taking:
            return False
        types = tuple(self._type_of(a) for a in args)
        exact = [
            a for a, o in taking if not o.varargs and o.params == types and jdk.ANY not in types
        ]
        return all(a for a, _ in taking) or any(exact)

    def _absent_counted(self, call: SyntaxNode, counts: SyntaxNode, key: SyntaxNode) -> None:
        """``int c = count.get(w) + 1; count.put(w, c);`` of a map made empty in the method:
        the first time a key comes, ``get`` gives null, and its arithmetic throws; fixed by
        ``count.getOrDefault(w, 0)``. Not where the method asks whether the key is there,
        or puts anything in the map before."""
        kind = self._type_of(counts)
        values = _type_arguments(kind)
        if _base(kind) not in _MAPS or len(values) != 2 or values[1] not in ("Integer", "Long"):
            return
        if call.parent is None or _comparison(call.parent, _ARITHMETIC | {"+"}) is None:
            return
        method, name = self.method, _text(counts)
        if method is None or not self._emptied(name):
            return
        uses = [
            x
            for x in _walk(method)
            if x.type == "method_invocation" and _text(x.child_by_field_name("object")) == name
        ]
        asks = ("containsKey", "putIfAbsent", "computeIfAbsent", "merge", "getOrDefault", "compute")
        for x in uses:
            member = _text(x.child_by_field_name("name"))
            if member in asks or (member == "put" and x.start_byte < call.start_byte):
                return
            if member == "get" and x.parent is not None and "null" in _text(x.parent):
                return
        if any(
            _text(x.child_by_field_name("name")) == "put"
            and _text(next(iter(_statements(x.child_by_field_name("arguments"))), None))
            == _text(key)
            for x in uses
        ):
            zero = "0L" if values[1] == "Long" else "0"
            what = f"'{_text(call)}' is null the first time '{_text(key)}' comes"
            self._suspect(call, what, (call, call, f"{name}.getOrDefault({_text(key)}, {zero})"))

    def _emptied(self, name: str) -> bool:
        """Whether the method declares the local ``name`` with a new object (an empty map)."""
        for x in _walk(self.method) if self.method is not None else ():
            if x.type == "variable_declarator" and _text(x.child_by_field_name("name")) == name:
                value = x.child_by_field_name("value")
                made = value is not None and value.type == "object_creation_expression"
                return made and not _statements(value.child_by_field_name("arguments"))  # type: ignore[union-attr]
        return False

    def _fermat_one(self, call: SyntaxNode) -> None:
        """``pow(f[k], MOD - 1)`` of a prime ``MOD`` (1e9 + 7, 998244353): by Fermat's little
        theorem that power is 1, where the inverse ``pow(f[k], MOD - 2)`` was meant; fixed
        by ``MOD - 2`` in every such call of the statement."""
        statement = _statement(call)  # return ..., long ans = ...
        if statement.id in self.inverted:
            return
        exponents = {}  # MOD - 1 -> MOD
        for x in _walk(statement):
            name = _text(x.child_by_field_name("name")) if x.type == "method_invocation" else ""
            for arg in (
                _statements(x.child_by_field_name("arguments"))[1:2]
                if "pow" in name.lower()
                else []
            ):
                less = _comparison(arg, ("-",)) if arg.type == "binary_expression" else None
                if (
                    less
                    and _value(less[2]) == 1
                    and _literal(less[2])
                    and self._modulus(less[1]) in _PRIMES
                ):
                    exponents[arg] = less[1]
        if exponents:
            self.inverted.add(statement.id)
            new = _rewritten(statement, {x.id: f"{_text(m)} - 2" for x, m in exponents.items()})
            first = next(iter(exponents))
            what = f"'{_text(first)}' makes the power 1, not the inverse (Fermat)"
            self._suspect(first, what, (statement, statement, new))

    def _swapped_arguments(
        self, call: SyntaxNode, member: jdk.Member, args: list[SyntaxNode]
    ) -> None:
        """``countBetween(a, hi, lo)`` of ``countBetween(long[] a, long lo, long hi)``: two
        arguments named as each other's parameter (fixed by swapping them back); not in the
        method itself (``gcd(b, a)`` in ``gcd(a, b)`` is meant), nor of an overloaded one,
        nor for names of one letter, nor where the method also passes them the other way."""
        if len(member.overloads) != 1 or self.method is None:
            return
        names = member.overloads[0].names
        name = self.method.child_by_field_name("name")
        if len(names) != len(args) or _same(name, call.child_by_field_name("name")):
            return
        given = [_text(a) if a.type == "identifier" else None for a in args]
        for p, q in itertools.combinations(range(len(args)), 2):
            if given[p] != names[q] or given[q] != names[p] or names[p] == names[q]:
                continue
            if min(len(names[p]), len(names[q])) < 2:
                continue  # less(j, i) of less(i, j): a letter says nothing of its role
            calls = [x for x in _walk(self.method) if x.type == "method_invocation"]
            if any(_in_order(x, call, p, q, names) for x in calls):
                return  # both ways round (an undirected edge as two directed ones)
            new = _rewritten(call, {args[p].id: names[p], args[q].id: names[q]})
            what = f"'{_text(call)}' passes '{names[q]}' as '{names[p]}' and the reverse"
            self._suspect(call, what, (call, call, new))
            return

    def _never_gains(self, call: SyntaxNode, arg: SyntaxNode) -> None:
        """``low = Math.min(low, p); best = Math.max(best, low - p);``: the running least of
        ``p`` less ``p`` is never above 0 (and ``p`` less the running greatest), so the
        greatest gain stays where it started; fixed by ``p - low``."""
        found = _comparison(arg, ("-",))
        statement = _statement(call)
        block = statement.parent
        if found is None or statement.type != "expression_statement" or block is None:
            return
        if block.type != "block":
            return
        _, x, y = found
        if x.type != "identifier" or y.type != "identifier":
            return
        for before in _statements(block):
            if before.start_byte >= statement.start_byte:
                return
            update = next(iter(_statements(before)), None)
            value = update.child_by_field_name("right") if update is not None else None
            if value is None or value.type != "method_invocation" or update is None:
                continue
            kept = _text(value.child_by_field_name("name"))
            running, other = (x, y) if kept == "min" else (y, x)
            given = sorted(map(_text, _statements(value.child_by_field_name("arguments"))))
            if (
                _text(update.child_by_field_name("operator")) == "="
                and _text(value.child_by_field_name("object")) == "Math"
                and kept in ("min", "max")
                and _same(update.child_by_field_name("left"), running)
                and given == sorted([_text(running), _text(other)])
            ):
                what = f"'{_text(arg)}' is never above 0: '{_text(running)}' is the running {kept}"
                self._suspect(arg, what, (arg, arg, f"{_text(y)} - {_text(x)}"))
                return

    def _stuck_extreme(self, call: SyntaxNode, name: str) -> None:
        """``best = Math.min(best, x)`` where ``best`` starts at ``Long.MIN_VALUE`` (or
        ``max`` from a type's greatest value) and the method assigns it nothing else: the
        least value is the least of anything, so ``best`` never changes; fixed by the other
        of ``min`` and ``max``."""
        assignment = call.parent
        if assignment is None or assignment.type != "assignment_expression":
            return
        variable = _text(assignment.child_by_field_name("left"))
        if self.extremes.get(variable) != ("low" if name == "min" else "high"):
            return
        if not self._only_by(variable, lambda x, v: _by_call(x, v, name)):
            return
        what = f"'{_text(assignment)}' never changes '{variable}', which starts at the {name}imum"
        called = call.child_by_field_name("name")
        other = "max" if name == "min" else "min"
        self._suspect(call, what, (called, called, other))  # type: ignore[arg-type]

    def _never_below(self, n: SyntaxNode) -> None:
        """``if (x < best) best = x;`` where ``best`` starts at ``Integer.MIN_VALUE`` (``x >
        best`` from a type's greatest value) and the method assigns it nowhere else: nothing
        is below the least value, so the test never holds; fixed by the other comparison."""
        condition = _bare(n.child_by_field_name("condition"))
        found = _comparison(condition, _ORDER)
        if condition is None or found is None:
            return
        op, left, right = found
        below = op in ("<", "<=")  # right is above left
        for variable, low in ((_text(right), below), (_text(left), not below)):
            extreme = self.extremes.get(variable)
            if extreme != ("low" if low else "high"):
                continue
            if self._only_by(variable, lambda x, v: _tested(x, v) == n):
                operator = condition.child_by_field_name("operator")
                what = f"'{_text(condition)}' never holds: '{variable}' starts at its {extreme}est"
                self._suspect(condition, what, (operator, operator, _FLIPPED[op]))  # type: ignore[arg-type]
            return

    def _against_its_name(self, n: SyntaxNode) -> None:
        """``if (values[i] < best) best = values[i];`` in a method named ``max`` (``maximum``,
        ``largest``, ``maxOf``, ...) that returns ``best`` and assigns it nothing else: it
        keeps the least, where its name says the greatest (and the reverse for ``min``);
        fixed by the other comparison."""
        if self.method is None:
            return
        wanted = _extreme_named(_text(self.method.child_by_field_name("name")))
        condition = _bare(n.child_by_field_name("condition"))
        found = _comparison(condition, _ORDER)
        if wanted is None or condition is None or found is None:
            return
        op, left, right = found
        returns = [r for r in _walk(self.method) if r.type == "return_statement"]
        returned = [_bare(next(iter(_statements(r)), None)) for r in returns]
        below = op in ("<", "<=")  # right is above left
        for variable, value, keeps_low in ((right, left, below), (left, right, not below)):
            name = _text(variable)
            if variable.type != "identifier" or any(_text(r) != name for r in returned):
                continue  # returned: the method's value is what the test keeps
            if not returned or not self._only_by(name, lambda x, v: _tested(x, v) == n):
                continue
            if not any(_same(a.child_by_field_name("right"), value) for a in _changes(n, name)):
                continue  # if (x < best) best = y: which it keeps is not the test's
            if ("min" if keeps_low else "max") != wanted:
                operator = condition.child_by_field_name("operator")
                kept = "least" if keeps_low else "greatest"
                what = f"'{_text(condition)}' keeps the {kept}; the method's name says {wanted}"
                self._suspect(condition, what, (operator, operator, _FLIPPED[op]))  # type: ignore[arg-type]
            return

    def _past_the_ceiling(self, call: SyntaxNode, arg: SyntaxNode) -> None:
        """``dp[s] = Math.min(dp[s], dp[s - c] + 1)`` where ``dp`` was filled with
        ``Integer.MAX_VALUE`` (none reached yet) and no condition around it tests ``dp[s -
        c]``: the greatest int plus one is the least, which the minimum then takes; fixed by
        testing it in the ``if`` around (``c <= s && dp[s - c] != Integer.MAX_VALUE``). Only
        where the method tests an element for that value elsewhere (some stay unreached: a
        chain from ``dp[0]`` reaches all) but never this one (``if (dp[j] ==
        Integer.MAX_VALUE) continue;``), and not for a read at a variable (Dijkstra's
        ``dist[u]`` of a node it has reached)."""
        found = _comparison(arg, ("+",))
        read = _bare(found[1]) if found is not None else None
        if read is None or read.type != "array_access":
            return
        array, index = read.child_by_field_name("array"), read.child_by_field_name("index")
        if _text(array) not in self.ceilings or index is None or index.type == "identifier":
            return
        kind = _BOUNDED.get(self._type_of(array)[:-2])
        if _literal(index) or kind is None:
            return
        bound = f"{kind}.MAX_VALUE"
        tested = [] if self.method is None else _tested_for(self.method, _text(array), bound)
        if not tested or _text(read) in tested:
            return  # no element is ever asked whether it is unreached, or this one is
        guard, at = None, call.parent
        while at is not None and at.type not in _METHODS:
            condition = at.child_by_field_name("condition")
            if condition is not None and _text(read) in _text(condition):
                return  # if (dp[s - c] != Integer.MAX_VALUE), a loop's test, a ternary's
            if at.type == "if_statement" and guard is None:
                guard = condition
            at = at.parent
        what = f"'{_text(arg)}' passes the greatest value where '{_text(read)}' is still it"
        fix = None
        if guard is not None:
            inner = _bare(guard)
            text = _text(inner)
            if _comparison(inner, ("||",)) is not None or inner.type == "ternary_expression":
                text = f"({text})"
            fix = (inner, inner, f"{text} && {_text(read)} != {bound}")
        self._suspect(fix[0] if fix else read, what, fix)  # on the line of its fix

    def _only_by(self, variable: str, form: Callable[[SyntaxNode, str], bool]) -> bool:
        """Whether every assignment of the method to ``variable`` (none increments it) is
        of ``form`` (asked with the assignment and ``variable``)."""
        if self.method is None:
            return False
        return all(
            x.type == "assignment_expression" and form(x, variable)
            for x in _changes(self.method, variable)
        )

    def _rest_of_line(self, call: SyntaxNode, scanner: SyntaxNode) -> None:
        """``int n = sc.nextInt(); String name = sc.nextLine();``: a Scanner's line read
        right after a token (the last read of it before, in the method's text), which gives
        the rest of the token's line, mostly empty, not the next line; fixed by reading that
        rest after the token (``sc.nextLine();`` on a line of its own; the likely bug is on
        the token's line, where its fix is). Not where the line read is dropped (that is the
        fix), trimmed (``k = sc.nextInt(); item = sc.nextLine().trim();``: that rest meant),
        nor after a word (``next()``: a command and its argument)."""
        if (
            self.method is None
            or scanner.type != "identifier"
            or _base(self._type_of(scanner)) != "Scanner"
        ):
            return
        if call.parent is None or call.parent.type == "expression_statement":
            return
        outer = call.parent
        if outer.type == "method_invocation" and _text(outer.child_by_field_name("name")) in (
            "trim",
            "strip",
        ):
            return  # the rest of the line meant: String name = sc.nextLine().trim();
        reads = [
            x
            for x in _walk(self.method)
            if x.type == "method_invocation"
            and x.end_byte <= call.start_byte
            and _text(x.child_by_field_name("object")) == _text(scanner)
            and _text(x.child_by_field_name("name")) in _SCANNER_READS
        ]
        if not reads or _text(reads[-1].child_by_field_name("name")) in ("next", "nextLine"):
            return  # after a word, the rest of its line may be meant (a command's argument)
        token = reads[-1]
        statement = _statement(token)
        if statement.type not in ("expression_statement", "local_variable_declaration"):
            return
        what = f"'{_text(call)}' reads the rest of the line of '{_text(token)}', not the next"
        fix = f"{_text(statement)}\n{_indent(statement)}{_text(scanner)}.nextLine();"
        self._suspect(statement, what, (statement, statement, fix))  # on the line of its fix

    def _regex_sign(self, call: SyntaxNode, pattern: SyntaxNode) -> None:
        """``line.split(".")``, ``s.split("|")``: a one-character pattern that a regular
        expression reads as a sign (any character, or, ...), not the character: ``split(".")``
        is always empty; fixed by escaping it (``"\\."``)."""
        text = _text(pattern)
        if pattern.type != "string_literal" or len(text) != 3 or text[1] not in _REGEX_SIGNS:
            return
        what = f"'{_text(call)}' reads {text} as a regular expression, not as '{text[1]}'"
        self._suspect(call, what, (pattern, pattern, f'"\\\\{text[1]}"'))

    def _char_added(self, arg: SyntaxNode) -> None:
        """``print(x + ' ')``, ``sb.append(' ' + a[i])``: a char added to a number is a
        number (``' '`` is 32), printed as one; fixed by a String (``x + " "``), or for a
        letter or digit added to one number by a cast (``(char) (x + 'a')``)."""
        if arg.type != "binary_expression" or self._type_of(arg) not in ("int", "long"):
            return
        chain: list[SyntaxNode | None] = []  # the operands of a + b + c, left to right
        at = arg
        while at.type == "binary_expression" and _text(at.child_by_field_name("operator")) == "+":
            chain.insert(0, at.child_by_field_name("right"))
            at = at.child_by_field_name("left")  # type: ignore[assignment]  # grammar: required
        chain.insert(0, at)
        chars = [x for x in chain if x is not None and x.type == "character_literal"]
        if len(chain) < 2 or len(chars) != 1:
            return
        char = chars[0]
        inner = _text(char)[1:-1]
        what = f"'{_text(arg)}' adds the char {_text(char)} to a number"
        if inner.isalnum():  # x + 'a': a letter meant
            fix = (arg, arg, f"(char) ({_text(arg)})") if len(chain) == 2 else None
        else:
            text = '"\\""' if inner == '"' else '"\'"' if inner == "\\'" else f'"{inner}"'
            fix = (char, char, text)
        self._suspect(arg, what, fix)

    def _filled(self, n: SyntaxNode, array: SyntaxNode, value: SyntaxNode) -> None:
        """``Arrays.fill(d, Integer.MAX_VALUE)`` of a ``long[]`` (or ``double[]``): an int's
        bound where the elements reach past it, very likely meant as the element type's."""
        element = self._type_of(array)[:-2] if self._type_of(array).endswith("[]") else ""
        if array.type == "identifier" and _text(value) == f"{_BOUNDED.get(element)}.MAX_VALUE":
            self.ceilings.add(_text(array))  # int[] filled with Integer.MAX_VALUE
        if element in ("long", "double") and _text(value) in (
            "Integer.MAX_VALUE",
            "Integer.MIN_VALUE",
        ):
            bound = ("Long" if element == "long" else "Double") + _text(value)[len("Integer") :]
            if bound == "Double.MIN_VALUE":  # the least positive double: the most negative is
                bound = "-Double.MAX_VALUE"
            what = f"'{_text(n)}' fills {element}s with an int's bound"
            self._suspect(n, what, (value, value, bound))

    def _object_creation_expression(self, n: SyntaxNode) -> None:
        for c in n.named_children:
            self._node(c)
        if any(c.type == "class_body" for c in n.named_children):
            return
        written = _text(n.child_by_field_name("type"))
        library = self._library(written)
        args = _statements(n.child_by_field_name("arguments"))
        base = _base(written)
        if library is None:
            if base in self.type_params or base in self.env.type_variables:
                if base not in self.env.classes:  # (Commons Collections' EditCommand<T> was
                    # offered return new T(object);)
                    self._flag(f"'{_text(n)}': a type variable cannot be instantiated")
                return
            if base in self.env.abstract:  # a class of the file
                self._flag(f"'{_text(n)}': {base} is abstract")
            elif base in self.env.constructors:
                what = f"'{_text(n)}': the constructor"
                self._arguments(what, self.env.constructors[base], args)
            return
        constructors = library.methods.get("new")
        if constructors is None:
            self._flag(f"'{_text(n)}': no constructor")
        else:
            self._arguments(f"'{_text(n)}': the constructor", constructors, args)

    def _explicit_constructor_invocation(self, n: SyntaxNode) -> None:
        """``this(args)`` in a constructor: one of the class's constructors must take them
        (Jackson's ByteArrayBuilder was offered ``this(null, null)``, its two-argument
        constructor taking an int second), where they are known (:func:`_own_constructors`);
        ``super(args)`` in a class that extends nothing: Object's constructor takes none
        (the README's RingBuffer was offered ``super(capacity);``)."""
        for c in n.named_children:
            self._node(c)
        member, called = self.env.own_constructors, _text(n.child_by_field_name("constructor"))
        args = _statements(n.child_by_field_name("arguments"))
        if any(_uses_this(a) for a in args):  # JLS 8.8.7.1
            self._flag(f"'{_text(n)}' uses this before the object is made")
        if called == "this" and member is not None:
            self._arguments(f"'{_text(n)}': the constructor", member, args)
        elif called == "super" and self.env.plain and args:
            self._flag(f"'{_text(n)}': Object's constructor takes no arguments")

    def _arguments(self, what: str, member: jdk.Member, args: list[SyntaxNode]) -> None:
        """A call of ``member`` with ``args``: some overload must take them."""
        if not member.accepts(len(args)):
            self._flag(f"{what} does not take {len(args)} arguments")
        elif not self._applicable(member, args):
            types = ", ".join(self._type_of(a) or "?" for a in args)
            self._flag(f"{what} does not take ({types})")

    def _applicable(self, member: jdk.Member, args: list[SyntaxNode]) -> list[jdk.Overload]:
        """The overloads of ``member`` that may take ``args``: of their number, and no
        argument's known type surely unlike its parameter's, nor one of a variable arity
        unlike its element's (IEEE754rUtils' ``min(float... array)`` was offered ``min(array[i],
        array)``), but where one array (or null) is given for them all."""
        types = [self._type_of(a) for a in args]

        def unlike(p: str, t: str) -> bool:
            return (
                p != jdk.ANY
                and bool(self._kind(t))
                and (_incompatible(p, t) or _narrowed_argument(p, t))
            )

        def takes(o: jdk.Overload) -> bool:
            fixed = len(o.params) - o.varargs
            if not o.takes(len(args)) or any(map(unlike, o.params[:fixed], types)):
                return False
            rest = types[fixed:]
            if not o.varargs or (len(rest) == 1 and rest[0] in (o.params[-1], "null")):
                return True
            return not any(unlike(o.params[-1][:-2], t) for t in rest)

        return [o for o in member.overloads if takes(o)]

    def _returns(self, member: jdk.Member, args: list[SyntaxNode]) -> str:
        """The type a call of ``member`` with ``args`` returns: that of every overload that
        may take them, else that of the one whose parameters are the arguments' types
        exactly (the most specific, JLS 15.12.2.5); ``""`` when not known."""
        overloads = self._applicable(member, args)
        returns = {o.returns for o in overloads}
        if len(returns) != 1:
            types = tuple(self._type_of(a) for a in args)
            exact = [o.returns for o in overloads if o.params == types and not o.varargs]
            returns = set(exact) if len(exact) == 1 else set()
        found = returns.pop() if len(returns) == 1 else ""
        return "" if found == jdk.ANY else found

    def _field_access(self, n: SyntaxNode) -> None:
        obj = n.child_by_field_name("object")
        field = n.child_by_field_name("field")
        name = _text(field)
        if obj is None:
            return
        if field is not None and field.type == "this":  # Outer.this, never this.this (offered
            first = _text(obj).split(".")[0]  # in JUnit's Throwables)
            named = re.fullmatch(r"[\w.]+", _text(obj)) and first not in ("this", "super")
            if not named or self._lookup(first) is not None:
                self._flag(f"'{_text(n)}' qualifies this with no class")
        if obj.type in ("this", "super") and name not in self.env.fields:
            # a class that extends nothing has no field to assign but its own: those of its
            # interfaces are constants (Commons Collections' TransformingComparator was
            # offered this.offset = decorated;)
            assigned = self.env.plain and obj.type == "this" and _assignment_target(n)
            if assigned or name not in self.env.free and not self.env.open:
                self._flag(f"no field '{name}' in this class")
            self.unresolved.add(name)
        if obj.type == "this" and self._unshadowed(name):
            self._flag(f"'this.{name}' is '{name}' here")  # the same program, no repair
        if obj.type == "super" and self.env.plain:  # Object has no field (AVLTree's Node
            self._flag(f"no field '{name}' in the superclass")  # was offered super.key = k)
        if obj.type in ("this", "super"):
            self._node(obj)
        else:
            self._node(obj)
            self._member(obj, name, None)

    def _dimensions_expr(self, n: SyntaxNode) -> None:
        """``[n]`` of ``new int[n]``: a length is an int, as an index is (the README's
        RingBuffer was offered ``new int[items]`` for its ``int[] items``)."""
        for c in n.named_children:
            self._node(c)
        self._integral(n.named_children[0] if n.named_children else None, "a length", n.parent)

    def _integral(self, value: SyntaxNode | None, what: str, where: SyntaxNode | None) -> None:
        """``value``, an array's index or length (``what``), of a known type that is no int,
        short, byte or char, nor one of their boxes."""
        found = self._type_of(value)
        if self._kind(found) and _BOXED.get(found, found) not in _INDEX:
            self._flag(f"{what} of type {found}: '{_text(where)}'")

    def _array_access(self, n: SyntaxNode) -> None:
        array = n.child_by_field_name("array")
        for c in n.named_children:
            self._node(c)
        declared = self._type_of(array)
        if self._kind(declared) not in ("", "array") or self._class_typed(declared):
            self._flag(f"'{_text(array)}' ({declared}) is not an array")
        self._integral(n.child_by_field_name("index"), "an index", n)
        self._at_the_end(n, n.child_by_field_name("index"))
        if self.checking:
            self._crossed(n)
            self._other_dimension(n)

    def _grid(
        self, n: SyntaxNode
    ) -> tuple[SyntaxNode, SyntaxNode, tuple[SyntaxNode, SyntaxNode], SyntaxNode] | None:
        """Of ``t[i][j]`` (``n``) where ``t`` is a local declared ``new T[a][b]`` once, ``a``
        and ``b`` differ, and neither ``t`` nor their variables are assigned after: the row
        ``t[i]``, ``t``, ``(a, b)`` and the first dimension's node; None otherwise."""
        row = n.child_by_field_name("array")
        if row is None or row.type != "array_access" or self.method is None:
            return None
        grid = row.child_by_field_name("array")
        dims = self.grids.get(_text(grid)) if grid is not None else None
        if grid is None or grid.type != "identifier" or dims is None:
            return None
        first, second = (_statements(d)[0] for d in dims)
        names = {_text(grid), *map(_text, _names(first)), *map(_text, _names(second))}
        if _same(first, second) or names & self._assigned_after(dims[0].end_byte):
            return None
        return row, grid, (first, second), dims[0]

    def _crossed(self, n: SyntaxNode) -> None:
        """``t[j][i]`` of ``int[][] t = new int[n][m]`` in loops of ``j < m`` and ``i < n``
        (a transpose's target declared the source's way): each index runs along the other
        dimension; fixed by declaring it ``new int[m][n]`` (on whose line the likely bug is,
        where its fix is). Not where ``n`` and ``m`` are the same, nor where the array or
        either size is assigned after the declaration (:meth:`_grid`)."""
        found = self._grid(n)
        if found is None:
            return
        row, grid, (first, second), dim = found
        bounds = _loop_bounds(n)
        i, j = _text(row.child_by_field_name("index")), _text(n.child_by_field_name("index"))
        if (
            i in bounds
            and j in bounds
            and _same(bounds[i][0], second)
            and _same(bounds[j][0], first)
        ):
            self.grids[_text(grid)] = None  # once an array
            fix = (first, second, f"{_text(second)}][{_text(first)}")
            what = f"'{_text(n)}' runs each index along the other dimension of '{_text(grid)}'"
            self._suspect(dim.parent or dim, what, fix)  # new int[n][m]

    def _other_dimension(self, n: SyntaxNode) -> None:
        """``p[i][j]`` of ``new long[n + 1][m + 1]`` in loops of ``i <= n`` and ``j <= n``:
        both indices run along the first dimension, one of them past the end of the second
        (or short of it); fixed by ``j <= m``. Not where the two sizes are the same, nor
        where the array or either size is assigned after the declaration (:meth:`_grid`)."""
        found = self._grid(n)
        if found is None:
            return
        row, grid, (first, second), _ = found
        sizes = ["".join(_text(size).split()) for size in (first, second)]
        if not all(re.fullmatch(r"[A-Za-z_$][\w$]*(\+1)?", size) for size in sizes):
            return  # new double[n][n * 2]: a loop of n may fill a part
        bounds = _loop_bounds(n, ("<", "<="))
        indices = [_text(row.child_by_field_name("index")), _text(n.child_by_field_name("index"))]
        if not all(k in bounds for k in indices) or indices[0] == indices[1]:
            return
        runs = [_run(bounds[k]) for k in indices]
        for at in (0, 1):  # the index of dimension ``at`` runs along the other one
            bound, op = bounds[indices[at]]
            if runs != [sizes[1 - at]] * 2 or bound.id in self.bounded:
                continue
            size = first if at == 0 else second  # < n for new T[n], <= n for new T[n + 1]
            plus = _comparison(size, ("+",)) if op == "<=" else None
            fix = _text(size) if op == "<" else _text(plus[1]) if plus is not None else ""
            if fix:
                self.bounded.add(bound.id)
                other = f"the other dimension of '{_text(grid)}'"
                what = f"'{indices[at]}' runs to {_text(bound)}, {other}"
                self._suspect(bound, what, (bound, bound, fix))

    def _at_the_end(self, read: SyntaxNode, index: SyntaxNode | None) -> None:
        """``a[a.length]``, ``xs.get(xs.size())``, ``s.charAt(s.length())``: the element one
        past the last, which is not there; fixed by ``- 1``."""
        ends = self._length(index)
        if self.checking and ends is not None and _reads_at(read, ends, _text(index)):
            what = f"'{_text(read)}' reads past the end"
            self._suspect(read, what, (index, index, f"{_text(index)} - 1"))  # type: ignore[arg-type]
        elif self.checking and read.type == "array_access":  # long[] w = new long[n]; w[n]
            size = self._size(read.child_by_field_name("array"))
            if size is not None and _same(size[1], index):
                self._suspect(size[1], f"'{_text(read)}' reads past the end", size[0])

    # -- types -----------------------------------------------------------------------------
    def _library(self, type_text: str) -> jdk.LibraryType | None:
        """The library type a type names, if the file sees it (:func:`jdk.visible`), or
        wherever it is named with its package (``java.io.PrintStream``, the type of
        ``System.out`` in a file that imports nothing)."""
        base = _base(type_text)
        if base in self.type_params:
            return None
        if type_text.split("<", 1)[0].strip() == f"{jdk.PACKAGES.get(base)}.{base}":
            return jdk.TYPES.get(base)
        return jdk.TYPES.get(base) if base in self.env.library else None

    def _kind(self, type_text: str) -> str:
        """What is known of a type: ``primitive``, ``boxed``, ``String``, ``array``,
        ``null``, ``object`` (a library type or a class of the file), or ``""`` (nothing: a
        type parameter, a class from elsewhere, ``var``)."""
        if type_text in _PRIMITIVES:
            return "primitive"
        if type_text in _BOXED:
            return "boxed"
        if type_text.endswith("]"):
            return "array"
        if type_text in ("String", "null"):
            return type_text
        base = _base(type_text)
        if base and (base in self.env.classes or self._library(type_text) is not None):
            return "object" if base not in self.type_params else ""
        return ""

    def _class_typed(self, type_text: str) -> bool:
        """Whether ``type_text`` names a class: one :meth:`_kind` knows as an object, or one
        out of sight (it knows nothing of it); not a primitive, a box, a String, an array,
        ``var``, ``Object`` or a type parameter. Whatever its members, no such value is an
        array or a number (Commons Net's socket + 1, Joda-Time's partial[i] for a
        ReadablePartial)."""
        known = self._kind(type_text)
        if known or type_text in ("", "var", "Object"):
            return known == "object"
        name = _base(type_text).rsplit(".", 1)[-1]
        if name in self.type_params or _TYPE_PARAMETER.fullmatch(name):
            return False  # T, E2: a type parameter, maybe of a class out of sight
        return bool(_CLASS_NAME.fullmatch(type_text))

    def _type_of(self, n: SyntaxNode | None) -> str:
        """The static type of an expression as far as the declarations tell (``""``: not
        known), remembered per node."""
        if n is None:
            return ""
        if n.id not in self.memo:
            self.memo[n.id] = self._infer(n)
        return self.memo[n.id]

    def _infer(self, n: SyntaxNode) -> str:
        """:meth:`_type_of` of one node: a variable, a literal, an operation on typed
        operands, a cast, a creation, a call of a method of the class or of a library type."""
        kind = n.type
        if kind == "parenthesized_expression":
            inner = _statements(n)
            return self._type_of(inner[0]) if len(inner) == 1 else ""
        if kind == "identifier":
            return self._lookup(_text(n)) or ""
        if kind in _LITERALS:
            return _literal_type(kind, _text(n))
        if kind == "array_access":
            array = self._type_of(n.child_by_field_name("array"))
            return array[:-2] if array.endswith("[]") else ""
        if kind in ("cast_expression", "object_creation_expression"):
            return _declared_type(n.child_by_field_name("type"))
        if kind == "array_creation_expression":
            # one a [length] (which may hold brackets: new long[sizes[i]]), those of [][]
            dims = sum(
                1 if c.type == "dimensions_expr" else _text(c).count("[")
                for c in n.named_children
                if "dimensions" in c.type
            )
            return _declared_type(n.child_by_field_name("type")) + "[]" * dims
        if kind in ("binary_expression", "unary_expression", "update_expression"):
            return self._operation_type(n)
        if kind == "assignment_expression":
            return self._type_of(n.child_by_field_name("left"))
        if kind == "ternary_expression":
            a = self._type_of(n.child_by_field_name("consequence"))
            return a if a == self._type_of(n.child_by_field_name("alternative")) else ""
        if kind == "instanceof_expression":
            return "boolean"
        if kind == "this":  # an object of the class (in an anonymous one, of that class)
            return self.env.own_class
        if kind == "field_access":
            return self._field_type(n)
        if kind == "method_invocation":
            return self._call_type(n)
        return ""

    def _operation_type(self, n: SyntaxNode) -> str:
        op = _text(n.child_by_field_name("operator"))
        if n.type == "update_expression":
            operands = _statements(n)
            return self._type_of(operands[0]) if operands else ""
        if n.type == "unary_expression":
            operand = self._type_of(n.child_by_field_name("operand"))
            return "boolean" if op == "!" else _promoted(operand)
        if op in _COMPARISON | _CONDITION_OPS:
            return "boolean"
        left = self._type_of(n.child_by_field_name("left"))
        right = self._type_of(n.child_by_field_name("right"))
        if op == "+" and "String" in (left, right):
            return "String"
        if op in _SHIFTS:
            return _promoted(left)
        if op in _BITWISE and _BOXED.get(left, left) == _BOXED.get(right, right) == "boolean":
            return "boolean"
        return _promoted(left, right)

    def _field_type(self, n: SyntaxNode) -> str:
        obj = n.child_by_field_name("object")
        name = _text(n.child_by_field_name("field"))
        if obj is not None and obj.type == "this":
            return self.env.fields.get(name, "")
        owner = self._type_of(obj)
        if owner.endswith("]"):
            return "int" if name == "length" else ""
        library = (self._library(owner) if owner else None) or self._static(obj)
        found = library.fields.get(name, "") if library is not None else ""
        return f"{jdk.PACKAGES[found]}.{found}" if found in jdk.TYPES else found

    def _call_type(self, n: SyntaxNode) -> str:
        obj = n.child_by_field_name("object")
        name = _text(n.child_by_field_name("name"))
        args = _statements(n.child_by_field_name("arguments"))
        if not args and name in _OBJECT_RETURNS:  # Object's, whose return no class may change
            return _OBJECT_RETURNS[name]
        if name in _ASSERTIONS and self.env.signatures.get(name, _ASSERTION) == _ASSERTION:
            if obj is None or _text(obj) in _ASSERTING and self._lookup(_text(obj)) is None:
                return "void"
        if obj is None:
            found = self.env.signatures.get(name)
            return self._returns(found, args) if found is not None and not self.env.open else ""
        if _text(obj) == "Math" and self._static(obj) is not None:
            if name in ("max", "min", "abs"):  # overloaded per numeric type
                return _promoted(*(self._type_of(a) for a in args))
        owner = self._type_of(obj)
        kind = self._kind(owner)
        library = self._library(owner) if kind in ("object", "boxed", "String") else None
        library = library or (self._static(obj) if not owner else None)
        member = library.methods.get(name) if library is not None else None
        return self._returns(member, args) if member is not None else ""

    def _static(self, obj: SyntaxNode | None) -> jdk.LibraryType | None:
        """The library type ``obj`` names (``Math``, ``Integer``), if it names one and no
        variable."""
        if obj is None or obj.type != "identifier" or self._lookup(_text(obj)) is not None:
            return None
        return self._library(_text(obj))

    def _member(self, obj: SyntaxNode, name: str, args: list[SyntaxNode] | None) -> None:
        """A member ``name`` of ``obj`` (a call with ``args``, or a field when None): none on
        a primitive, only ``length`` (and Object's methods) on an array, one that the library
        type has, taking those arguments, Object's methods alone on an Object."""
        declared = self._type_of(obj)
        what = f"'{_text(obj)}' ({declared})"
        kind = self._kind(declared)
        library = self._library(declared) if kind in ("object", "boxed", "String") else None
        if kind == "primitive":
            self._flag(f"{what} has no members")
        elif kind == "array":
            if args is not None:  # Object's methods and clone()
                self._library_member(f"an array {what}", jdk.ARRAY, name, args)
            elif name != "length":
                self._flag(f"an array {what} has no '{name}'")
        elif library is not None or (library := self._static(obj)) is not None:
            what = what if declared else f"'{_text(obj)}'"
            self._library_member(what, library, name, args)
        elif declared in ("Object", "java.lang.Object") and _bare(obj).type in _VARIABLE_NAMES:
            # a variable of type Object: Object's public methods alone, and no field
            # (Hamcrest's ArrayIterator was offered this.array = array.length; for an Object
            # array); not an anonymous class's object (new Object() { int inner; }.inner)
            self._library_member(what, jdk.OBJECT, name, args)
        elif self._collection(_base(declared)) and (args is None or name == "length"):
            self._flag(f"{what} has no '{name}'")

    def _collection(self, name: str) -> bool:
        """Whether the type ``name`` is java.util's collection of that name, not a class of
        the file's own (java-algorithms' CoplanarPoints declares a Vector with fields)."""
        if name not in _COLLECTIONS:
            return False
        return name in self.env.library if name in jdk.PACKAGES else name not in self.env.classes

    def _library_member(
        self, what: str, library: jdk.LibraryType, name: str, args: list[SyntaxNode] | None
    ) -> None:
        if args is None:
            nested = name[:1].isupper() and not name.isupper()  # Map.Entry: a type, no field
            if name not in library.fields and not nested:
                self._flag(f"{what} has no '{name}'")
        elif name not in library.methods:
            self._flag(f"{what} has no '{name}'")
        else:
            self._arguments(f"{what}: '{name}'", library.methods[name], args)

    # -- operations ------------------------------------------------------------------------
    def _not_this(self, target: str) -> bool:
        """Whether ``this`` cannot be of type ``target``: its class extends nothing and
        implements only markers (:attr:`Environment.bare`), and ``target`` is none of those,
        the class itself, Object or a type variable."""
        base = _base(target).rsplit(".", 1)[-1]  # Outer.Inner, java.io.Serializable
        if not (self.env.bare and self.env.own_class) or not base or self.env.in_enum:
            return False  # (an enum's is an Enum and a Comparable)
        kept = {self.env.own_class, "Object", "Record", *_MARKER_INTERFACES}
        return base not in kept and base not in self.env.type_variables | self.type_params

    def _assign(self, target: str, value: SyntaxNode, what: str) -> None:
        """A value of ``value``'s type given to a variable (or returned) of type ``target``:
        of a conditional, each branch's (``flag ? set(holder) : null`` returned as an int)."""
        bare = _bare(value)
        if bare.type == "ternary_expression":
            for branch in ("consequence", "alternative"):
                taken = bare.child_by_field_name(branch)
                if taken is not None and target in _PRIMITIVES and _text(taken) == "null":
                    self._flag(f"{what}: null cannot be converted to {target}")
        for taken in _branches(value):
            if target in _SMALL and self._type_of(taken) == "int" and self._variable(taken):
                self._flag(f"{what}: '{_text(taken)}' is an int, not a {target}")
        found = self._type_of(value)
        if found == "void":  # return Arrays.sort(array);
            self._flag(f"{what}: '{_text(value)}' returns nothing")
        if self._unconvertible(target, found):
            self._flag(f"{what}: {found} cannot be converted to {target}")
        elif bare.type == "this" and self._not_this(target):
            # (picocli's subgroups() was offered return this; for a List<ArgGroupSpec>)
            self._flag(f"{what}: this ({self.env.own_class}) is no {target}")
        elif bare.type == "ternary_expression" and self._kind(target) != "primitive":
            # each branch of a conditional given to an object (a String, an array, a class)
            # is given to it (JLS 15.25.3; Guava's ArrayBasedEscaperMap was offered return
            # (replacementArray == null) ? 0 : replacementArray; for a char[][], JUnit's
            # ParallelComputer return methods ? parallelize(runner) : methods; for a Runner)
            for taken in _branches(value):
                kind = self._type_of(taken)
                if self._unconvertible(target, kind):
                    self._flag(f"{what}: {kind} cannot be converted to {target}")
                    break
        self._widened(target, value)

    def _unconvertible(self, target: str, found: str) -> bool:
        """Whether no assignment conversion surely takes a value of type ``found`` to type
        ``target``: both known and :func:`_incompatible`, an object of a class (known or out
        of sight) to a primitive, box, String or array, or :meth:`_unrelated`."""
        return bool(
            self._kind(target)
            and self._kind(found)
            and _incompatible(target, found)
            # a class out of sight is no primitive, box (final), String (final) or array
            or self._kind(target) not in ("", "object")
            and self._class_typed(found)
            or self._unrelated(target, found)
        )

    def _unrelated(self, target: str, value: str) -> bool:
        """Whether a String, a box or a primitive ``value`` goes to a class type ``target``
        known nowhere here that is none of its supertypes (a String is final: it is only an
        Object, a CharSequence, a Comparable, ...; ``pos = "(" + ...`` of Gson's ISO8601Utils,
        whose ``pos`` is a ParsePosition). Not a type parameter (a name of one or two capitals
        or digits), nor ``var``."""
        if self._kind(target) or target in ("", "var") or target.endswith("]"):
            return False  # judged by _incompatible, or not a class
        name = _base(target).rsplit(".", 1)[-1]
        if not _names_class(name, self.type_params):
            return False
        if value == "String":
            return name not in _STRING_SUPERS
        numeric = _BOXED.get(value, value) in _NUMERIC
        boxed = value in _PRIMITIVES or value in _BOXED
        return boxed and name not in _BOX_SUPERS and not (numeric and name == "Number")

    def _widened(self, target: str, value: SyntaxNode) -> None:
        """An int product given to a long (it overflows before it is widened), an integer
        quotient given to a float or double (its fraction is lost before): in ``value``'s
        arithmetic, not in its calls, indices or casts."""
        wide = _BOXED.get(target, target)
        if wide not in ("long", "float", "double"):
            return
        todo = [value]
        while todo:
            x = todo.pop()
            if x.type == "parenthesized_expression":
                todo += _statements(x)
            elif x.type == "unary_expression" and _text(x.child_by_field_name("operator")) == "-":
                todo += _statements(x)
            elif x.type == "binary_expression":
                op = _text(x.child_by_field_name("operator"))
                left, right = x.child_by_field_name("left"), x.child_by_field_name("right")
                if op not in ("+", "-", "*", "/", "%", "<<") or left is None or right is None:
                    continue
                kind = self._type_of(x)
                literal = any(_literal(y) for y in (left, right))
                cast = (left, left, f"({wide}) {_text(left)}")  # (long) a * b: a long product
                if op == "*" and wide == "long" and kind == "int" and not literal:
                    what = f"'{_text(x)}' is multiplied in int before it is a long"
                    self._suspect(x, what, cast)
                elif op == "<<" and wide == "long" and kind == "int" and _text(left) == "1":
                    if not _literal(right):  # 1 << k: past 31 it wraps
                        what = f"'{_text(x)}' is shifted in int before it is a long"
                        self._suspect(x, what, (left, left, "1L"))
                elif op == "/" and wide != "long" and kind in ("int", "long"):
                    if right.type == "decimal_integer_literal":  # m / 2 -> m / 2.0
                        cast = (right, right, _text(right).rstrip("lL") + ".0")
                    self._suspect(x, f"'{_text(x)}' divides integers before it is a {wide}", cast)
                elif op in ("+", "-", "*") or wide == "long" or kind not in ("int", "long"):
                    todo += [left, right]

    def _by_reference(self, n: SyntaxNode) -> str | None:
        """``n`` written to compare by value (``!a.equals(b)`` for ``a != b``) where it
        compares Strings by reference, else None; never where the method compares the two
        by value too (``a == b || a.equals(b)``: a shortcut), nor a constant or ``this`` (a
        sentinel: javapoet's ``NO_PACKAGE = new String()``, compared by identity on purpose)."""
        found = _comparison(n, ("==", "!="))
        if found is None or not self._strings(found[1], found[2]):
            return None
        op, left, right = found
        sentinel = any(_CONSTANT.fullmatch(_text(x).rsplit(".", 1)[-1]) for x in (left, right))
        sentinel |= any(x.type == "this" for x in (left, right))  # in equals
        if sentinel or self._compared_by_value(left, right):
            return None
        return f"{'!' if op == '!=' else ''}{_text(left)}.equals({_text(right)})"

    def _by_value(self, top: SyntaxNode) -> str:
        """The text of ``top`` with every String compared by reference in it, through its
        ``&&``, ``||`` and parentheses, compared by value: ``lang == "tr" || lang == "az"``
        is fixed as a whole, not one comparison of it."""
        raw, base, at = _text(top).encode(), top.start_byte, 0
        parts: list[str] = []
        for c in _logical_operands(top):
            new = self._by_reference(c)
            if new is not None:
                parts += [raw[at : c.start_byte - base].decode(), new]
                at = c.end_byte - base
        return "".join(parts) + raw[at:].decode()

    def _strings(self, left: SyntaxNode | None, right: SyntaxNode | None) -> bool:
        """Whether ``left`` and ``right`` are Strings: both of type String, or one of them and
        the other a call, a name or an element whose type is not known here (``password ==
        secretFor(name)``, a method out of sight; never ``null``, a literal or a type known)."""
        types = (self._type_of(left), self._type_of(right))
        if types == ("String", "String"):
            return True
        if "String" not in types:
            return False
        other = _bare(right if types[0] == "String" else left)
        return (
            other is not None
            and self._type_of(other) in ("", jdk.ANY)
            and other.type in _UNTYPED_USES
        )

    def _compared_by_value(self, left: SyntaxNode | None, right: SyntaxNode | None) -> bool:
        """Whether the method compares ``left`` and ``right`` by value too (``equals``,
        ``compareTo``, ...): then ``==`` is a shortcut before it."""
        texts = {_text(left), _text(right)}
        for x in _walk(self.method) if self.method is not None else ():
            if x.type == "method_invocation" and _text(x.child_by_field_name("name")) in _BY_VALUE:
                used = {_text(a) for a in _statements(x.child_by_field_name("arguments"))}
                used.add(_text(x.child_by_field_name("object")))
                if texts <= used:
                    return True
        return False

    def _contradiction(
        self, n: SyntaxNode, op: str, left: SyntaxNode | None, right: SyntaxNode | None
    ) -> None:
        """``x == 1 && x == 2`` (never true), ``x != 1 || x != 2`` (always), a guard that
        lets the access it guards through: ``x == null && x.f()``, ``x != null || x.f()``,
        ``!s.isEmpty() || s.peek()``, ``s.isEmpty() && s.pop()``; and a null check after the
        use it should guard: ``x.f() || x == null`` (fixed by swapping the two)."""
        same, other = ("==", "!=") if op == "&&" else ("!=", "==")
        a, b = _constant_test(left), _constant_test(right)
        if a and b and a[0] == b[0] == same and _same(a[1], b[1]) and a[2] != b[2]:
            what = f"'{_text(n)}' is always {'false' if op == '&&' else 'true'}"
            self._suspect(n, what, _other_condition(n, op))
        guarded = _guarded(left, same)
        if guarded and _uses(right, guarded):
            what = f"'{_text(n)}' uses '{guarded[0]}' where its guard lets it fail"
            self._suspect(n, what, _other_condition(n, op))
        self._range(n, op, left, right)
        late = _guarded(right, "!=" if op == "&&" else "==")  # x.f() || x == null
        if late and not late[1] and right is not None:
            if _uses(left, late):
                what = f"'{_text(n)}' checks '{late[0]}' for null after using it"
                self._suspect(n, what, (n, n, f"{_text(right)} {op} {_text(left)}"))

    def _range(
        self, n: SyntaxNode, op: str, left: SyntaxNode | None, right: SyntaxNode | None
    ) -> None:
        """``x >= low || x <= high`` (true for every x) and ``x <= low && x >= high`` (for
        none): one value compared with two bounds that their names say are a low and a high
        one (:func:`_side`), each the wrong way for the operator; fixed by the other operator.
        ``x > high || x < low`` is not, nor a range across a wrap, on purpose: ``hour >= 22 ||
        hour <= 6`` (literals), one where the method compares the bounds (``if (end >=
        start)``)."""
        first, second = _bound(left), _bound(right)
        if first is None or second is None or not _same(first[0], second[0]):
            return
        bounds = (first, second)
        sides = {above: _side(bound) for _, above, bound in bounds}
        if len(sides) != 2:
            return  # both above, or both below
        names = {_text(bound) for _, _, bound in bounds}
        if any(  # if (end >= start) ... else day >= start || day <= end: a wrap, on purpose
            x.type == "binary_expression"
            and _text(x.child_by_field_name("operator")) in _ORDER
            and {_text(x.child_by_field_name("left")), _text(x.child_by_field_name("right"))}
            == names
            for x in (_walk(self.method) if self.method is not None else ())
        ):
            return
        if (op == "||" and sides == {True: "low", False: "high"}) or (
            op == "&&" and sides == {True: "high", False: "low"}
        ):
            what = f"'{_text(n)}' is always {'true' if op == '||' else 'false'}"
            self._suspect(n, what, _other_condition(n, op))

    def _visit_operation(self, n: SyntaxNode) -> tuple[str, SyntaxNode | None, SyntaxNode | None]:
        """Visit the operands of a binary or assignment expression; its operator and operands
        (an empty operator when nothing is being checked)."""
        for c in n.named_children:
            self._node(c)
        if not self.checking:
            return "", None, None
        op = _text(n.child_by_field_name("operator"))
        return op, n.child_by_field_name("left"), n.child_by_field_name("right")

    def _binary_expression(self, n: SyntaxNode) -> None:
        op, left, right = self._visit_operation(n)
        if not op:
            return
        if _same(left, right):
            # a floating value (or one of a type not known) may be NaN or infinite
            floating = any(self._type_of(x).rstrip("[]") in _FLOATING | {""} for x in _names(left))
            if op in _ORDER or op in _CONDITION_OPS or (op in ("==", "!=") and not floating):
                self.found.append(f"'{_text(n)}' compares an expression with itself")
            if op in _SELF_CONSTANT and not floating:  # x - x is NaN for an infinite x
                self.found.append(f"'{_text(n)}' is always the same value")
        # x - 0, x * 1 of a variable x of type int, long or floating (c - 0 makes a char an
        # int, n * 1L an int a long; off + 0 beside off + 1, v >>> 0 beside v >>> 8 and
        # 1000 * 1000 * 1 are written so on purpose); x + 0 where the method adds or
        # subtracts no other number (a candidate's fieldIndex + 0 for fieldIndex + 1), but as
        # an index or an argument (the JDK's ZipUtils reads LG(b, pos + 0) beside SH(b, pos + 4)
        # of the next method: a table of offsets)
        identity = None if op in _SHIFTS else _IDENTITY.get(op + "=")
        if identity is not None and _text(right) in (identity, identity + "L"):
            kind = self._type_of(left)
            typed = kind in ("int", "long", "float", "double")
            typed &= op != "+" or not (self._offset(n) or _offsets(self.method) > 1)
            if typed and (_text(right) == identity or kind == "long") and _value(left) is None:
                self.found.append(f"'{_text(n)}' changes nothing")
        literals = [
            x for x in (left, right) if x is not None and x.type == "decimal_integer_literal"
        ]
        if op in ("+", "-") and len(literals) == 2 and "0" in map(_text, literals):
            self.found.append(f"'{_text(n)}' is a number written the long way")  # return 0 + 1
        self._operands(op, self._type_of(left), self._type_of(right))
        if self._by_reference(n) is not None:
            what = f"'{_text(n)}' compares Strings by reference, not by value"
            top = _logical_chain(n)
            self._suspect(n, what, (top, top, self._by_value(top)))
        if op in ("==", "!=") and left is not None and right is not None:
            self._boxed_by_reference(n, op, left, right)
            self._never_null(n, op, left, right)
        if op == "%" and left is not None and right is not None:
            self._overflows_before(n, left, right)
            self._negative_remainder(n, left, right)
        if op == "*" and left is not None and right is not None:
            self._percent_after_quotient(n, left, right)
            if self.checking:
                self._constant_overflow(n)
        if op == "+" and left is not None and right is not None:
            self._digit_as_code(n, left, right)
            if self.checking:
                self._unwrapped_letter(n, left, right)
            if right.type == "decimal_integer_literal" and self._type_of(left) == "String":
                if not any(x.type == "string_literal" for x in _walk(left)):  # "#" + k + 1
                    self._flag(f"'{_text(n)}' appends the digits of {_text(right)} to a String")
        if op == "^" and left is not None and right is not None and self.checking:
            self._xor_as_power(n, left, right)
        if op in _CONDITION_OPS:
            self._contradiction(n, op, left, right)
        if op in _COMPARISON and left is not None and right is not None:  # n * m < limit
            for x, y in ((left, right), (right, left)):
                self._widened(_BOXED.get(self._type_of(y), self._type_of(y)), x)

    @staticmethod
    def _offset(n: SyntaxNode) -> bool:
        """Whether ``n``, parentheses aside, is an index or an argument."""
        n = _parenthesized(n)
        where = n.parent
        if where is None:
            return False
        return where.type == "argument_list" or (
            where.type == "array_access" and where.child_by_field_name("index") == n
        )

    def _unwrapped_letter(self, n: SyntaxNode, left: SyntaxNode, right: SyntaxNode) -> None:
        """``(char) ('a' + (c - 'a' + k))``: a letter shifted by ``k`` past ``'z'`` is no
        letter; fixed by wrapping round the alphabet (``(c - 'a' + k) % 26``)."""
        cast = _parenthesized(n).parent
        shifted = _bare(right)
        if cast is None or cast.type != "cast_expression" or _text(left) not in ("'a'", "'A'"):
            return
        if shifted is None or shifted.type != "binary_expression" or "%" in _text(shifted):
            return
        based = any(  # c - 'a'
            _comparison(x, ("-",)) is not None
            and _text(x.child_by_field_name("right")) == _text(left)
            for x in _walk(shifted)
        )
        by = [x for x in _names(shifted) if _comparison(x.parent, ("-",)) is None]  # + k
        if based and by:
            last = "'z'" if _text(left) == "'a'" else "'Z'"
            what = f"'{_text(n)}' runs past {last}: it never wraps round"
            fix = f"{_text(right)} % 26" if right.type == "parenthesized_expression" else None
            self._suspect(n, what, (right, right, fix) if fix else None)

    def _xor_as_power(self, n: SyntaxNode, left: SyntaxNode, right: SyntaxNode) -> None:
        """``x ^ 2`` of an integer ``x`` and ``10 ^ 9``: ``^`` is exclusive or, not a power
        (``10 ^ 9 + 7``, read ``10 ^ (9 + 7)``, is 26); fixed by ``x * x`` (a variable, a
        field or an element) and by the power's literal (``1000000007``)."""
        kind = self._type_of(left)
        if _BOXED.get(kind, kind) not in _INDEX | {"long"}:
            return
        exponent, added, rest = _value(right), 0, ""
        plus = _comparison(right, ("+",))  # 10 ^ 9 + 7 is 10 ^ (9 + 7)
        if plus is not None and _literal(plus[1]) and _literal(plus[2]):
            exponent, added, rest = _value(plus[1]), _value(plus[2]) or 0, f" + {_text(plus[2])}"
        elif not _literal(right):
            exponent = None
        if exponent == 2 and _value(left) is None:
            what = f"'{_text(n)}' is an exclusive or, not the square of '{_text(left)}'"
            square = f"{_text(left)} * {_text(left)}{rest}"
            simple = left.type in ("identifier", "field_access", "array_access")
            self._suspect(n, what, (n, n, square) if simple else None)
        elif _value(left) == 10 and _literal(left) and exponent is not None and 2 <= exponent <= 18:
            power = 10**exponent + added
            literal = str(power) if power < 2**31 else f"{power}L"
            what = f"'{_text(n)}' is an exclusive or, not 10 to the {exponent}"
            self._suspect(n, what, (n, n, literal))

    def _never_null(self, n: SyntaxNode, op: str, left: SyntaxNode, right: SyntaxNode) -> None:
        """``input + 1 != null``, ``new T() == null``, ``"a" == null``: what is compared with
        null never is (a concatenation, an object just made, a literal, ``this``). As the
        condition of ``s + x == null ? a : b``, the likely bug of a precedence misread (the
        comparison takes the whole concatenation), fixed by ``s + (x == null ? a : b)``."""
        for x, y in ((left, right), (right, left)):
            x = _bare(x)
            if y.type != "null_literal" or x is None or x.type not in _NEVER_NULL:
                continue
            what = f"'{_text(x)}' is never null"
            ternary = n.parent
            if (
                x is left
                and x.type == "binary_expression"
                and _text(x.child_by_field_name("operator")) == "+"
                and ternary is not None
                and ternary.type == "ternary_expression"
                and ternary.child_by_field_name("condition") == n
            ):
                head, last = x.child_by_field_name("left"), x.child_by_field_name("right")
                branches = [
                    _text(ternary.child_by_field_name(b)) for b in ("consequence", "alternative")
                ]
                fix = f"{_text(head)} + ({_text(last)} {op} null ? {branches[0]} : {branches[1]})"
                self._suspect(ternary, what, (ternary, ternary, fix))
            else:
                self._flag(what)

    def _boxed_by_reference(
        self, n: SyntaxNode, op: str, left: SyntaxNode, right: SyntaxNode
    ) -> None:
        """``a.get(i) == a.get(j)`` of a ``List<Integer>``, ``x == y`` of two ``Long``: boxed
        numbers compared by reference, equal only while the values are small (the JLS caches
        -128 to 127); fixed by ``equals``. Not where the method compares them by value too,
        nor with a constant."""
        kinds = [self._boxed(x) for x in (left, right)]
        if not kinds[0] or kinds[0] != kinds[1] or self._compared_by_value(left, right):
            return
        if any(_CONSTANT.fullmatch(_text(x).rsplit(".", 1)[-1]) for x in (left, right)):
            return
        by_value = f"{'!' if op == '!=' else ''}{_text(left)}.equals({_text(right)})"
        what = f"'{_text(n)}' compares {kinds[0]} objects by reference, not by value"
        self._suspect(n, what, (n, n, by_value))

    def _boxed(self, n: SyntaxNode) -> str:
        """The boxed number type (of :data:`_BY_REFERENCE`) of a variable, a field or an
        element of a generic container (``xs.get(i)`` of a ``List<Long>``, ``m.get(k)`` of a
        ``Map<String, Integer>``); ``""`` for anything else."""
        if n.type in ("identifier", "field_access", "array_access"):
            found = self._type_of(n)
        elif n.type == "method_invocation" and n.child_by_field_name("object") is not None:
            owner = self._type_of(n.child_by_field_name("object"))
            arguments, name = _type_arguments(owner), _text(n.child_by_field_name("name"))
            if _base(owner) in _ELEMENTS and name in _ELEMENT_CALLS and len(arguments) == 1:
                found = arguments[0]
            elif _base(owner) in _MAPS and name in ("get", "getOrDefault"):
                found = arguments[1] if len(arguments) == 2 else ""
            else:
                found = ""
        else:
            found = ""
        return found if found in _BY_REFERENCE else ""

    def _negative_remainder(self, n: SyntaxNode, left: SyntaxNode, right: SyntaxNode) -> None:
        """``(total - bad) % MOD`` of a modulus past 46,340 (modular arithmetic): a difference
        of two residues may be negative, and so is its remainder; fixed by adding the modulus
        first (``(total - bad + MOD) % MOD``)."""
        inner = left
        inner = _bare(inner)
        if left.type != "parenthesized_expression" or inner.type != "binary_expression":
            return
        if _text(inner.child_by_field_name("operator")) != "-":
            return
        if self._type_of(inner) not in ("int", "long") or (self._modulus(right) or 0) <= 46_340:
            return
        what = f"'{_text(n)}' may be negative: '{_text(inner)}' may be"
        self._suspect(n, what, (inner, inner, f"{_text(inner)} + {_text(right)}"))

    def _percent_after_quotient(self, n: SyntaxNode, left: SyntaxNode, right: SyntaxNode) -> None:
        """``good / total * 100`` of integers: the quotient, below 1 for a share, is 0 before
        it is a percentage; fixed by multiplying first (``good * 100 / total``)."""
        if _text(right) != "100" or left.type != "binary_expression":
            return
        a, b = left.child_by_field_name("left"), left.child_by_field_name("right")
        if _text(left.child_by_field_name("operator")) != "/" or a is None or b is None:
            return
        if self._type_of(left) not in ("int", "long") or _literal(a) or _literal(b):
            return
        what = f"'{_text(n)}' divides integers before it is a percentage"
        self._suspect(n, what, (n, n, f"{_text(a)} * 100 / {_text(b)}"))

    def _digit_as_code(self, n: SyntaxNode, left: SyntaxNode, right: SyntaxNode) -> None:
        """``value * 10 + s.charAt(i)`` (a radix of 2, 8 or 10): a digit's character code
        ('0' is 48) added where its value is meant; fixed by ``(s.charAt(i) - '0')``."""
        if (
            right.type != "method_invocation"
            or _text(right.child_by_field_name("name")) != "charAt"
        ):
            return
        if left.type != "binary_expression" or _text(left.child_by_field_name("operator")) != "*":
            return
        radix = left.child_by_field_name("right")
        if radix is None or _text(radix) not in ("2", "8", "10"):
            return
        if self._type_of(left) not in ("int", "long"):
            return
        what = f"'{_text(n)}' adds the code of the digit '{_text(right)}', not its value"
        self._suspect(n, what, (right, right, f"({_text(right)} - '0')"))

    def _constant_overflow(self, n: SyntaxNode) -> None:
        """``1000000 * 1000000``: a product of int literals past an int's range wraps
        before anything reads it (javac folds it to -727379968); fixed by ``1000000L *
        1000000``. Only int literals, operators and parentheses; the innermost such product
        that passes the range."""
        parts = list(_walk(n))
        if any(x.type not in _CONSTANT_PARTS or _text(x)[-1:] in "lL" for x in parts):
            return  # a cast, a long, a name: not an int constant
        products = [x for x in parts[1:] if _comparison(x, ("*",)) is not None]
        if any(not -(2**31) <= (_value(x) or 0) < 2**31 for x in products):
            return  # an inner product says
        value = _value(n)
        if value is None or -(2**31) <= value < 2**31:
            return
        first = next(x for x in parts if x.type == "decimal_integer_literal")
        what = f"'{_text(n)}' passes an int's range before it is anything: it wraps"
        self._suspect(n, what, (first, first, f"{_text(first)}L"))

    def _overflows_before(self, n: SyntaxNode, left: SyntaxNode, right: SyntaxNode) -> None:
        """``fact * i % 1_000_000_007`` of two ints: a product of two values below a modulus
        past 46,340 passes an int's bound before it is reduced (where it is given to a long,
        :meth:`_widened` says so); fixed by ``(int) ((long) fact * i % MOD)``."""
        product = left
        product = _bare(product)
        a, b = product.child_by_field_name("left"), product.child_by_field_name("right")
        if product.type != "binary_expression" or a is None or b is None:
            return
        if _text(product.child_by_field_name("operator")) != "*" or _literal(a) or _literal(b):
            return
        if self._type_of(product) != "int" or (self._modulus(right) or 0) <= 46_340:
            return
        if self._widening(_parenthesized(n)):
            return
        fixed = f"(int) ((long) {_text(a)} * {_text(b)} % {_text(right)})"
        what = f"'{_text(product)}' is multiplied in int before '% {_text(right)}'"
        self._suspect(n, what, (n, n, fixed))

    def _modulus(self, n: SyntaxNode) -> int | None:
        """The value of the integer constant ``n``: a literal, a final field's, or a local's
        that the method never assigns again."""
        if n.type == "identifier":
            name = _text(n)
            if name in self.values and any(name in s for s in self.scopes):
                return None if name in self._assigned_after(0) else self.values[name]
            return self.env.constants.get(name) if self._lookup(name) is not None else None
        return _value(n)

    def _widening(self, n: SyntaxNode) -> bool:
        """Whether the expression ``n`` is given to a long as it is (a declaration, an
        assignment, a return)."""
        parent = n.parent
        if parent is None:
            return False
        if parent.type == "variable_declarator":
            target = self._lookup(_text(parent.child_by_field_name("name")))
        elif parent.type == "assignment_expression":
            target = self._type_of(parent.child_by_field_name("left"))
        elif parent.type == "return_statement":
            target = self.returns[-1] if self.returns else ""
        else:
            return False
        return _BOXED.get(target or "", target) == "long"

    def _operands(self, op: str, left: str, right: str) -> None:
        """Whether ``op`` applies to operands of these types (JLS 15.15-15.26): numbers for
        arithmetic, order and shifts (integers), booleans for conditions, ``==`` not between
        a number and anything but a number; ``+`` on a String takes anything."""
        kinds = [
            (t, self._kind(t) or ("object" if self._class_typed(t) else ""), _BOXED.get(t, t))
            for t in (left, right)
        ]
        if op == "+" and "String" in (left, right):
            return
        if op == "+" and not all(k for _, k, _ in kinds):
            return  # the other may be a String
        if op in _ARITHMETIC | _ORDER | {"+"}:
            wrong = [t for t, k, u in kinds if k and u not in _NUMERIC]
        elif op in _SHIFTS:
            wrong = [t for t, k, u in kinds if k and u not in _NUMERIC - _FLOATING]
        elif op in _CONDITION_OPS:
            wrong = [t for t, k, u in kinds if k and u != "boolean"]
        elif op in _BITWISE:
            known = [u for _, k, u in kinds if k]
            logical = all(u == "boolean" for u in known)
            integral = all(u in _NUMERIC - _FLOATING for u in known)
            wrong = [] if logical or integral else [t for t, k, _ in kinds if k]
        elif op in ("==", "!="):
            (_, lk, lu), (_, rk, ru) = kinds
            numbers = lu in _NUMERIC or ru in _NUMERIC
            mixed = "boolean" in (lu, ru) and numbers  # a number and a boolean
            primitive = (lk == "primitive") != (rk == "primitive") and "boxed" not in (lk, rk)
            wrong = [left, right] if lk and rk and (mixed or primitive) else []
        else:
            return
        if wrong:
            self.found.append(f"'{op}' on a {max(wrong)}")

    def _condition(self, n: SyntaxNode) -> None:
        """A condition that is not a boolean (``if (n)``, ``!a[i]``, ``while (s)``)."""
        n = _bare(n)
        found = self._type_of(n)
        # an Object, or a type variable without a bound, is no boolean either (Guava's
        # AbstractUndirectedNetworkConnections was offered if (!edge) for an E edge)
        own = [] if self.method is None else _type_parameters(self.method, bounded=False)
        unbounded = self.env.unbounded | set(own)
        plain = found == "Object" or found in unbounded - self.env.classes
        # nor is an object of a class, known or out of sight: only Boolean unboxes to one
        # (JUnit's ParallelComputer was offered return runner ? parallelize(runner) : runner;)
        plain = plain or self._class_typed(found)
        if plain or self._kind(found) and _BOXED.get(found, found) != "boolean":
            self._flag(f"'{_text(n)}' ({found}) is not a condition")

    def _if_statement(self, n: SyntaxNode) -> None:
        self._condition(n.child_by_field_name("condition"))  # type: ignore[arg-type]  # required
        for c in n.named_children:
            self._node(c)
        if n.type == "if_statement" and self.checking:
            alternative = n.child_by_field_name("alternative")
            self._empty_body(n, n.child_by_field_name("consequence"), alternative is None)
            self._never_below(n)
            self._against_its_name(n)
            self._guards_other(n)
            self._tested_again(n)
            self._null_for_null(n)

    def _null_for_null(self, n: SyntaxNode) -> None:
        """``if (x == null) { return null; }`` right before ``return x;``: null where that
        returns it anyway (offered first, at 5%, at Commons Lang's ``return left;`` of
        MutablePair). One fix of the 25,606 real pairs has it: CodRep's (Eclipse JDT's
        ``getAnnotationType``) drops ``|| !typeBinding.isAnnotation()`` from such a test,
        leaving it to change nothing (the fix without it is the same program)."""
        guarded = _guarded(n.child_by_field_name("condition"), "==")
        after = _beside(n, forward=True)
        if not guarded or guarded[1] or n.child_by_field_name("alternative") is not None:
            return
        if after is None or after.type != "return_statement":
            return
        if [_text(x) for x in _statements(after)] != [guarded[0]]:
            return
        body = n.child_by_field_name("consequence")
        inner = _statements(body) if body is not None and body.type == "block" else [body]
        if [_text(x) for x in inner if x is not None] == ["return null;"]:
            self._flag(f"'{_text(n)}' returns null where '{_text(after)}' does anyway")

    def _tested_again(self, n: SyntaxNode) -> None:
        """``if (x == null) { return null; } if (x == null) { ... }``: the second ``if`` tests
        what the first left the method on (a candidate seen at Commons Lang's
        ``getPackageName``); a test that calls or assigns may change, and is left alone."""
        before = _beside(n, forward=False)
        if before is None or before.type != "if_statement":
            return
        test = _bare(n.child_by_field_name("condition"))
        body = before.child_by_field_name("consequence")
        if test is None or body is None or before.child_by_field_name("alternative") is not None:
            return
        if _text(_bare(before.child_by_field_name("condition"))) != _text(test):
            return
        if any(x.type in _CHANGING for x in _walk(test)):
            return
        last = (_statements(body) or [body])[-1] if body.type == "block" else body
        if last.type in _JUMPS:
            self._flag(f"'{_text(n)}' tests what '{_text(before)}' left on")

    def _guards_other(self, n: SyntaxNode) -> None:
        """``if (j > 0) dp[i][j] += dp[i - 1][j];``: a guard that ``j - 1`` is an index, over
        code that never reads at ``j - 1`` but reads a table at ``[i - 1][j]`` (the cell
        above, where the one to the left was meant; ``if (i > 0)`` next to it reads it):
        fixed by ``dp[i][j - 1]``."""
        found = _comparison(n.child_by_field_name("condition"), (">", ">="))
        body = n.child_by_field_name("consequence")
        if found is None or body is None or found[1].type != "identifier":
            return
        if _value(found[2]) != (0 if found[0] == ">" else 1) or not _literal(found[2]):
            return
        guarded, before = _text(found[1]), f"{_text(found[1])}-1"
        cells = []
        for x in _walk(body):
            at = x.child_by_field_name("index") if x.type == "array_access" else None
            if at is not None and "".join(_text(at).split()) == before:
                return  # it reads at j - 1
            row = x.child_by_field_name("array") if at is not None else None
            if row is not None and row.type == "array_access":
                cells.append((x, row, at))
        for cell, row, at in cells:
            indices = [row.child_by_field_name("index"), at]
            if guarded not in map(_text, indices):
                continue
            other = indices[1 - list(map(_text, indices)).index(guarded)]
            less = _comparison(other, ("-",))
            if less is None or _value(less[2]) != 1 or less[1].type != "identifier":
                continue
            if _text(less[1]) == guarded:
                continue
            new = [f"{guarded} - 1" if _text(x) == guarded else _text(less[1]) for x in indices]
            fix = f"{_text(row.child_by_field_name('array'))}[{new[0]}][{new[1]}]"
            test = _text(_bare(n.child_by_field_name("condition")))
            what = f"'{test}' guards '{_text(cell)}', which never reads at {guarded} - 1"
            self._suspect(cell, what, (cell, cell, fix))
            return

    def _empty_body(self, n: SyntaxNode, body: SyntaxNode | None, alone: bool) -> None:
        """``if (x > 0); { ... }``, ``for (...); { ... }``: a statement whose body is an
        empty ``;`` (an ``if`` without an ``else``: always; a loop: where a block follows,
        which was meant as its body); fixed by deleting the ``;``."""
        if body is None or body.type != ";" or not alone:
            return
        after = n.next_named_sibling
        if n.type != "if_statement" and (after is None or after.type != "block"):
            return  # for (i = 0; a[i] != x; i++); searches
        what = f"'{_text(n)}' has an empty body: the ';' ends it"
        self._suspect(body, what, (body, body, ""))

    _do_statement = _if_statement

    def _while_statement(self, n: SyntaxNode) -> None:
        self._if_statement(n)
        if self.checking:
            self._kept_by_remainder(n)
            self._shifted_away(n)
            self._pointer_away(n)
            self._requeued(n)
            self._empty_body(n, n.child_by_field_name("body"), True)

    def _requeued(self, n: SyntaxNode) -> None:
        """A breadth-first search (``while (!queue.isEmpty())``) that sets the distance of a
        cell, filled with -1 to mean unseen, and queues it without testing whether it was
        seen (it queues cells again and again): fixed by skipping a seen one (``|| dist[nr][nc]
        != -1`` in the test that skips just before, else ``if (dist[nr][nc] != -1)
        continue;``), where the likely bug is said to be."""
        test = _bare(n.child_by_field_name("condition"))
        body = n.child_by_field_name("body")
        if test is None or body is None or not _text(test).endswith(".isEmpty()"):
            return
        tests = [c for c in _walk(body) if c.type == "array_access" and _tests(c)]
        for x in _walk(body):
            set_ = next(iter(_statements(x)), None) if x.type == "expression_statement" else None
            if set_ is None or set_.type != "assignment_expression" or x.parent is None:
                continue
            target = set_.child_by_field_name("left")
            table = _array_of(target) if target is not None else None
            if target is None or table is None or target.id == table.id:
                continue
            if not self._unseen(_text(table)) or x.parent.type != "block":
                continue
            value = set_.child_by_field_name("right")
            if value is None or not any(_is_element(c, table) for c in _walk(value)):
                continue  # dist[v] = dist[u] + 1, not parent[v] = u
            at = _text(target)[len(_text(table)) :]  # [nr][nc]
            if any(_text(c).endswith(at) and (_is_element(c, table) or _truth(c)) for c in tests):
                return  # if (dist[v] != -1), if (!seen[v]): a cell seen is skipped
            siblings = _statements(x.parent)
            k = next(i for i, c in enumerate(siblings) if c.id == x.id)
            if not any(_queues(c) for after in siblings[k + 1 :] for c in _walk(after)):
                continue
            seen = f"{_text(target)} != -1"
            what = f"'{_text(target)}' is set but never tested for -1: the search queues it again"
            skip = siblings[k - 1] if k > 0 else None  # if (g[nr][nc] == '#') continue;
            if (
                skip is not None
                and skip.type == "if_statement"
                and _text(skip.child_by_field_name("consequence")) == "continue;"
                and skip.child_by_field_name("alternative") is None
            ):
                inner = _bare(skip.child_by_field_name("condition")) or skip
                self._suspect(inner, what, (inner, inner, f"{_text(inner)} || {seen}"))
            else:
                self._suspect(x, what, (x, x, f"if ({seen}) continue;\n{_indent(x)}{_text(x)}"))
            return

    def _unseen(self, table: str) -> bool:
        """Whether the method fills the array ``table`` (or each of its rows) with -1."""
        method = self.method
        if method is None:
            return False
        rows = {
            _text(x.child_by_field_name("name"))
            for x in _walk(method)
            if x.type == "enhanced_for_statement" and _text(x.child_by_field_name("value")) == table
        }
        for x in _walk(method):
            if x.type == "method_invocation" and _text(x.child_by_field_name("name")) == "fill":
                args = _statements(x.child_by_field_name("arguments"))
                filled = len(args) == 2 and _text(args[1]).replace(" ", "") == "-1"
                if filled and _text(args[0]) in rows | {table}:
                    return True
        return False

    def _until_zero(self, n: SyntaxNode) -> tuple[str, SyntaxNode, SyntaxNode, SyntaxNode] | None:
        """``while (x > 0)`` (or ``x != 0``) of a local ``x`` whose body's one step of it is
        a compound assignment: (``x``, the body, the step, its operator); None otherwise."""
        found = _comparison(n.child_by_field_name("condition"), ("!=", ">"))
        if found is None:
            return None
        op, left, right = found
        if op == "!=" and _text(left) == "0":  # 0 != x
            left, right = right, left
        name, body = _text(left), n.child_by_field_name("body")
        if left.type != "identifier" or _text(right) != "0" or body is None:
            return None
        if self._lookup(name) is None or name in self.env.fields:
            return None
        steps = _changes(body, name)
        if len(steps) != 1 or steps[0].type != "assignment_expression":
            return None
        operator = steps[0].child_by_field_name("operator")
        return None if operator is None else (name, body, steps[0], operator)

    def _kept_by_remainder(self, n: SyntaxNode) -> None:
        """``while (x > 0) { s += x % 10; x %= 10; }``: a loop until a local is 0 whose only
        step of it is a remainder by a literal, which keeps it below the literal but never
        makes it 0 unless it divides (it runs forever); fixed by the quotient (``x /= 10``)."""
        found = self._until_zero(n)
        if found is None:
            return
        name, body, step, operator = found
        if _text(operator) != "%=" or (_value(step.child_by_field_name("right")) or 0) < 2:
            return
        if any(x.type in _EXITS for x in _walk(body)):
            return
        what = f"'{_text(step)}' never makes '{name}' 0: the loop runs forever"
        self._suspect(step, what, (operator, operator, "/="))

    def _shifted_away(self, n: SyntaxNode) -> None:
        """``while (e > 0) { if ((e & 1) == 1) ...; e <<= 1; }``: a loop over the bits of a
        local, read from its lowest bit, that shifts it left (or doubles it), so that bit is
        0 from the second pass on; fixed by shifting right (``e >>= 1``; ``e /= 2``)."""
        found = self._until_zero(n)
        if found is None:
            return
        name, body, step, operator = found
        by = _value(step.child_by_field_name("right")) or 0
        fix = {("<<=", 1): ">>=", ("*=", 2): "/="}.get((_text(operator), by))
        if fix is None or not any(_lowest_bit(x, name) for x in _walk(body)):
            return
        what = f"'{_text(step)}' makes the lowest bit of '{name}' 0, which the loop reads"
        self._suspect(step, what, (operator, operator, fix))

    def _pointer_away(self, n: SyntaxNode) -> None:
        """``while (i < j) { ... i++; ... j++; }``: two locals that close in on each other
        (two pointers), one of them only ever moved away from the other (``j++`` for the
        upper one): that step never brings the loop to its end; fixed by the other direction
        (``j--``)."""
        found = _comparison(n.child_by_field_name("condition"), ("<", "<=", ">", ">="))
        body = n.child_by_field_name("body")
        if found is None or body is None:
            return
        op, left, right = found
        low, high = (left, right) if op in ("<", "<=") else (right, left)
        if low.type != "identifier" or high.type != "identifier" or _same(low, high):
            return
        if any(self._lookup(_text(x)) is None or _text(x) in self.env.fields for x in (low, high)):
            return
        lows, highs = _steps(body, _text(low)), _steps(body, _text(high))
        if lows is None or highs is None:
            return  # assigned otherwise than by a step
        condition = _text(_bare(n.child_by_field_name("condition")))
        for name, other, own, others, toward, away in (
            (_text(low), _text(high), lows, highs, "++", "--"),
            (_text(high), _text(low), highs, lows, "--", "++"),
        ):
            if own and others and all(d == away for d, _ in own):
                step = own[0][1]
                operator = next(c for c in step.children if c.type in ("++", "--"))
                what = f"'{_text(step)}' moves '{name}' away from '{other}' in '{condition}'"
                self._suspect(step, what, (operator, operator, toward))
                return

    def _ternary_expression(self, n: SyntaxNode) -> None:
        self._if_statement(n)
        # one branch runs: the same text either way is the same value, calls and all
        # (flag ? setByte(holder) : setByte(holder), Commons Lang's BitField)
        yes, no = n.child_by_field_name("consequence"), n.child_by_field_name("alternative")
        if yes is not None and no is not None and _text(yes) == _text(no):
            self._flag(f"'{_text(n)}' has the same value either way")
        # x == null ? null : x, (f()) != null ? f() : null: x either way
        test = _bare(n.child_by_field_name("condition"))
        if test is not None and test.type == "binary_expression":
            op = _text(test.child_by_field_name("operator"))
            null, value = (yes, no) if op == "==" else (no, yes) if op == "!=" else (None, None)
            sides = [_bare(test.child_by_field_name(f)) for f in ("left", "right")]
            tested = [x for x in sides if x is not None and x.type != "null_literal"]
            blank = _bare(null)
            if blank is not None and blank.type == "null_literal" and len(tested) == 1:
                if _text(_bare(value)) == _text(tested[0]):
                    self._flag(f"'{_text(n)}' is '{_text(tested[0])}' either way")
        if self.checking:
            self._inverted_guard(n)

    def _inverted_guard(self, n: SyntaxNode) -> None:
        """``x == null ? x.f() : y`` and ``x != null ? y : x.f()``: the branch taken when ``x``
        is null uses it (``s.isEmpty() ? s.pop() : d`` alike); fixed by the other comparison
        (an emptiness test's by the model)."""
        condition = _bare(n.child_by_field_name("condition"))
        if condition is None:
            return
        for op, branch in (("==", "consequence"), ("!=", "alternative")):
            guarded = _guarded(condition, op)
            if guarded and _uses(n.child_by_field_name(branch), guarded):
                operator = condition.child_by_field_name("operator")
                other = "!=" if op == "==" else "=="
                fix = (operator, operator, other) if _text(operator) == op else None
                what = f"'{_text(n)}' uses '{guarded[0]}' where its condition lets it fail"
                self._suspect(n, what, fix)  # type: ignore[arg-type]  # operator: not None
                return

    def _unary_expression(self, n: SyntaxNode) -> None:
        op = _text(n.child_by_field_name("operator"))
        operand = n.child_by_field_name("operand")
        if op == "!":
            self._condition(operand)  # type: ignore[arg-type]  # grammar: required
            inner = _bare(operand)
            if inner is not None and inner.type == "unary_expression":
                if _text(inner.child_by_field_name("operator")) == "!":
                    self._flag(f"'{_text(n)}' negates a negation")  # !(!s.isEmpty())
            self._negated_comparison(n)
        for c in n.named_children:
            self._node(c)
        found = self._type_of(operand)
        unboxed = _BOXED.get(found, found)
        if op in ("+", "-", "~") and self._kind(found) and unboxed not in _NUMERIC:
            self._flag(f"'{op}' on a {found}")
        elif op == "~" and unboxed in _FLOATING:
            self._flag(f"'{op}' on a {found}")

    def _negated_comparison(self, n: SyntaxNode) -> None:
        """``!x == y``: ``!`` binds before ``==``, so ``x`` is negated, not the comparison
        (``!(x == y)`` or ``x != y`` meant; Joda-Time's ``getZone() == DateTimeZone.UTC`` was
        offered ``!getZone() == DateTimeZone.UTC``); in no method as written of the JDK's
        sources, java-algorithms, jsoup, javapoet and four libraries, added by no fix of the
        ManySStuBs4J and CodRep pairs. Two booleans compared so are no problem."""
        where = n.parent
        found = _comparison(where, ("==", "!="))
        if where is None or found is None or where.child_by_field_name("left") != n:
            return
        operand = n.child_by_field_name("operand")
        sides = (self._type_of(operand), self._type_of(found[2]))
        if any(_BOXED.get(x, x) != "boolean" for x in sides):
            self._flag(f"'{_text(where)}' negates '{_text(operand)}', not the comparison")

    def _update_expression(self, n: SyntaxNode) -> None:
        for c in n.named_children:
            self._node(c)
        operand = _statements(n)
        if operand:
            self._final(operand[0])
        found = self._type_of(operand[0]) if operand else ""
        if self._kind(found) and _BOXED.get(found, found) not in _NUMERIC:
            self._flag(f"'{_text(n)}' on a {found}")

    def _assignment_expression(self, n: SyntaxNode) -> None:
        op, left, right = self._visit_operation(n)
        if not op or left is None or right is None:
            return
        if op in _USELESS_SELF and _same(left, right):
            if op == "=" and self._hides_field(left):  # name = name; for this.name = name;
                what = f"'{_text(n)}' assigns '{_text(left)}' to itself, not to the field"
                self._suspect(n, what, (left, left, f"this.{_text(left)}"))
            else:
                self.found.append(f"'{_text(n)}' assigns a variable from itself")
        if _IDENTITY.get(op) is not None and _text(right) in (_IDENTITY[op], _IDENTITY[op] + "L"):
            self.found.append(f"'{_text(n)}' changes nothing")
        if op != "=" and right.type == "assignment_expression":
            self.found.append(f"'{_text(n)}' nests an assignment in a compound assignment")
        self._final(left)
        target = self._type_of(left)
        if op == "=":
            self._assign(target, right, f"'{_text(n)}'")
        elif op == "+=" and self._type_of(right) == "String" and self._kind(target):
            if target != "String":  # x += s is x = (T) (x + s), and no cast makes a String a T
                self._flag(f"'{_text(n)}': String cannot be converted to {target}")
        elif not (op == "+=" and target == "String"):
            self._operands(op[:-1], target, self._type_of(right))
        if op in ("+=", "-="):
            self._widened(target, right)
        if op in ("+=", "-=", "*=") and target == "int" and self._type_of(right) in _LONG:
            self._narrowed(n, left, right)
        if op == "=" and self.checking:
            self._overwritten_total(n, left, right)
            self._unreduced(left, right)

    def _unreduced(self, target: SyntaxNode, value: SyntaxNode) -> None:
        """``f[i] = f[i - 1] + f[i - 2];`` in a class with one prime modulus (``MOD =
        1_000_000_007``): a recurrence over earlier elements of the table it fills grows
        past any integer, where the answer is wanted modulo ``MOD``; fixed by ``(f[i - 1] +
        f[i - 2]) % MOD``."""
        table = target.child_by_field_name("array") if target.type == "array_access" else None
        moduli = [name for name, v in self.env.constants.items() if v in _PRIMES]
        if table is None or len(moduli) != 1 or _comparison(value, ("+", "*")) is None:
            return
        if "%" in _text(value) or self._lookup(moduli[0]) is None:
            return
        terms = [x for x in _walk(value) if x.type == "array_access"]
        if len(terms) >= 2 and all(_same(x.child_by_field_name("array"), table) for x in terms):
            if all(_comparison(x.child_by_field_name("index"), ("-",)) for x in terms):
                what = (
                    f"'{_text(value)}' grows past any integer: it is never reduced by {moduli[0]}"
                )
                self._suspect(value, what, (value, value, f"({_text(value)}) % {moduli[0]}"))

    def _overwritten_total(self, n: SyntaxNode, target: SyntaxNode, value: SyntaxNode) -> None:
        """``total = t - a;`` as a statement of a loop's body, where the local ``total`` (a
        sum, total or count by its name) starts at 0 and the method assigns it nowhere else
        nor reads it in the loop: each pass drops what the last one added; fixed by adding
        (``+=``)."""
        name = _text(target)
        if (
            target.type != "identifier"
            or _TOTAL.isdisjoint(w.lower() for w in _WORD.findall(name))
            or self.values.get(name) != 0
        ):
            return
        statement = n.parent
        loop = statement.parent if statement is not None else None
        if loop is not None and loop.type == "block":
            loop = loop.parent
        if statement is None or statement.type != "expression_statement" or loop is None:
            return
        if loop.type not in _LOOPS or name in map(_text, _names(value)):
            return
        if not self._only_by(name, lambda x, v: x == n):
            return
        if any(_text(x) == name for x in _names(loop) if x != target):
            return
        operator = n.child_by_field_name("operator")
        what = f"'{_text(n)}' replaces the {name} at each pass, adding nothing"
        self._suspect(n, what, (operator, operator, "+="))  # type: ignore[arg-type]

    def _narrowed(self, n: SyntaxNode, target: SyntaxNode, value: SyntaxNode) -> None:
        """``sum += a[i]`` of an ``int sum`` and a ``long[] a``: a compound assignment casts
        the long result to an int without a word (JLS 15.26.2), losing what passes its bound;
        fixed by declaring the local a ``long``, where the method declares it once (on whose
        line the likely bug is then, as it is where the fix of an array's size is). Not for a
        remainder by a literal (``s += x % 10``: small), nor a hash (``hash += v[i] * w[i]``
        overflows on purpose)."""
        value = _bare(value)
        divisor = value.child_by_field_name("right") if value.type == "binary_expression" else None
        if _text(value.child_by_field_name("operator")) == "%" and divisor is not None:
            if _literal(divisor) or self._modulus(divisor) is not None:
                return
        if "hash" in _text(target).lower():
            return
        kind = self.types.get(_text(target)) if target.type == "identifier" else None
        fix = (kind, kind, "long") if kind is not None and _text(kind) == "int" else None
        what = f"'{_text(n)}' gives a long to the int '{_text(target)}', cut to an int"
        self._suspect(kind or n, what, fix)  # where its fix is: the declaration

    def _hides_field(self, name: SyntaxNode) -> bool:
        """Whether the identifier ``name`` is a local or parameter that hides a field of the
        class, in a method that has a ``this``."""
        text = _text(name)
        local = name.type == "identifier" and any(text in s for s in self.scopes)
        return local and text in self.env.fields and not self.static

    def _final(self, target: SyntaxNode) -> None:
        """An assignment to ``target``: not to a final field, but a blank one in a
        constructor (JLS 8.3.1.2; not one given its value where declared, nor a static one);
        not to a final local given its value where declared (Jackson's VersionUtil was offered
        ``final Version v = null;`` for a ``v`` assigned below), where the method declares
        no other variable of its name."""
        name = _text(target)
        if target.type == "identifier" and name in self.sealed and name not in self.variables:
            if any(name in s for s in self.scopes):
                self._flag(f"'{name}' is a final local")
        if target.type == "field_access" and _text(target.child_by_field_name("object")) == "this":
            name = _text(target.child_by_field_name("field"))
        elif target.type == "identifier" and not any(_text(target) in s for s in self.scopes):
            name = _text(target)
        else:
            return
        if name in self.env.finals and (not self.constructor or name in self.env.initialised):
            self._flag(f"'{name}' is a final field")

    def _constructor_finals(self, body: SyntaxNode) -> None:
        """A final field that a constructor assigns where it surely has its value already
        (JLS 16.9): a second time in the statements of its body (the README's RingBuffer was
        offered ``items = null;`` before ``items = new int[capacity];``), or after
        ``this(...)``, which gave it one; a blank final field that a constructor without
        ``this(...)`` never assigns, where it may complete normally (it was offered to delete
        ``items = new int[capacity];``; one that always throws assigns none, as TheAlgorithms'
        SimplePendulumRK4's private one)."""
        statements = _statements(body)
        given = bool(statements) and statements[0].type == "explicit_constructor_invocation"
        given = given and _text(statements[0].child_by_field_name("constructor")) == "this"
        completes = not statements or self._completes(statements[-1])  # a constructor_body
        if not given and completes:
            assigned = {
                self._field_assigned(x.child_by_field_name("left"))
                for x in _walk(body)
                if x.type == "assignment_expression"
            }
            for name in sorted(self.env.blank_finals - assigned):
                self._flag(f"the final field '{name}' is never given its value")
        done: set[str] = set()
        for statement in statements:
            x = statement.named_children[0] if statement.type == "expression_statement" else None
            if x is None or x.type != "assignment_expression" or _text(x.child(1)) != "=":
                continue
            field = self._field_assigned(x.child_by_field_name("left"))
            if field is None or field not in self.env.finals:
                continue
            if given or field in done:
                self._flag(f"'{_text(x)}': the final field '{field}' has its value already")
            done.add(field)

    def _field_assigned(self, target: SyntaxNode | None) -> str | None:
        """The field of the class that ``target`` names (``x`` or ``this.x``), where it is one:
        not a name the method declares."""
        if target is None:
            return None
        if target.type == "field_access" and _text(target.child_by_field_name("object")) == "this":
            return _text(target.child_by_field_name("field"))
        name = _text(target)
        declared = name in self.variables or name in self.finals
        return name if target.type == "identifier" and not declared else None

    # -- reachability (JLS 14.22) ----------------------------------------------------------
    def _reachable(self, block: SyntaxNode) -> None:
        """A statement right after a return, throw, break or continue is never reached."""
        body = [c for c in _statements(block) if c.type != "switch_label"]
        for before, after in zip(body, body[1:]):
            if before.type in _JUMPS:
                self._flag(f"'{_text(after)}' is never reached")
                return
        if self.checking:
            for statements in zip(body, body[1:], body[2:]):
                self._swapped(*statements)
            for first, second in zip(body, body[1:]):
                self._overwritten(first, second)

    def _overwritten(self, first: SyntaxNode, second: SyntaxNode) -> None:
        """``x = a; x = b;``: a value given to a variable and at once another, not read (a
        plain name or ``this.name``; the first value free of calls, ``new`` and updates,
        whose effects stay), is lost: a candidate that writes it repairs nothing (picocli's
        ``startStyles = style1; endStyles = style2;`` was offered ``endStyles = style1;``)."""
        given, again = _assignment(first), _assignment(second)
        if given is None or again is None or not _same(given[0], again[0]):
            return
        if given[0].type not in ("identifier", "field_access") or not _same(given[1], given[1]):
            return
        name = _text(given[0]).removeprefix("this.")
        if any(x.type == "identifier" and _text(x) == name for x in _walk(again[1])):
            return  # x = a; x = x + b: read
        self._flag(f"'{_text(first)}' is lost: '{_text(second)}' follows")

    def _swapped(self, first: SyntaxNode, second: SyntaxNode, third: SyntaxNode) -> None:
        """``int tmp = a[i]; a[i] = a[j]; a[i] = tmp;``: a swap whose last assignment
        overwrites the one before instead of the other place; fixed by assigning that
        (``a[j] = tmp;``)."""
        saved = _assignment(first, declaration=True)
        moved, back = _assignment(second), _assignment(third)
        if saved is None or moved is None or back is None:
            return
        if not (_same(saved[1], moved[0]) and _same(moved[0], back[0])):
            return  # tmp = X; X = Y; X = tmp
        if _text(back[1]) != _text(saved[0]) or _text(moved[1]) == _text(saved[0]):
            return
        if moved[1].type not in ("identifier", "field_access", "array_access"):
            return  # old = a[i]; a[i] = 0; a[i] = old: no other place to swap with
        target = back[0]
        what = f"'{_text(third)}' undoes '{_text(second)}': the swap never writes {_text(moved[1])}"
        self._suspect(third, what, (target, target, _text(moved[1])))

    def _completes(self, n: SyntaxNode) -> bool:
        """Whether the statement ``n`` surely can complete normally (False: it cannot, or it
        is not known)."""
        kind = n.type
        if kind in _COMPLETING or kind == ";":
            return True
        if kind in ("block", "synchronized_statement"):
            body = [c for c in _statements(n) if c.type != "parenthesized_expression"]
            return not body or self._completes(body[-1])
        if kind == "if_statement":
            alternative = n.child_by_field_name("alternative")
            consequence = n.child_by_field_name("consequence")
            return alternative is None or any(
                self._completes(b) for b in (consequence, alternative) if b is not None
            )
        if kind in ("while_statement", "for_statement"):
            return self._variable(n.child_by_field_name("condition"))
        if kind == "do_statement":
            loop = n.child_by_field_name("body")
            condition = n.child_by_field_name("condition")
            return loop is not None and self._completes(loop) and self._variable(condition)
        if kind == "labeled_statement":
            return any(self._completes(c) for c in _statements(n)[1:])
        if kind == "try_statement":
            parts = _statements(n)
            if any(c.type == "finally_clause" for c in parts):
                return False
            blocks = [n.child_by_field_name("body")]
            blocks += [c.child_by_field_name("body") for c in parts if c.type == "catch_clause"]
            return any(self._completes(b) for b in blocks if b is not None)
        return False

    def _variable(self, condition: SyntaxNode | None) -> bool:
        """Whether a loop condition is surely not a constant expression (JLS 15.29): it reads
        a variable that no declaration makes a constant, or calls a method."""
        if condition is None:
            return False
        for x in _walk(condition):
            if x.type in ("method_invocation", "array_access", "assignment_expression"):
                return True
            name = _text(x)
            if x.type == "identifier" and name in self.variables and name not in self.finals:
                return True
        return False


def _literal_type(kind: str, text: str) -> str:
    """The type of a literal: ``10L`` is a long, ``1.5f`` a float."""
    if kind.endswith("integer_literal") and text[-1:] in "lL":
        return "long"
    if kind == "decimal_floating_point_literal" and text[-1:] in "fF":
        return "float"
    return _LITERALS[kind]


def _promoted(*types: str) -> str:
    """Numeric promotion of operand types (JLS 5.6): the widest, at least int; ``""`` unless
    every one is a number."""
    unboxed = [_BOXED.get(t, t) for t in types]
    if not unboxed or any(u not in _NUMERIC for u in unboxed):
        return ""
    return max([*unboxed, "int"], key=lambda u: _WIDTH[u])


def _narrowed_argument(param: str, value: str) -> bool:
    """Whether an argument of the primitive type ``value`` would need narrowing to the
    primitive ``param``, which a call never does, not even of a constant (JLS 5.3:
    ``clearByte(holder - 1)`` for a ``byte`` parameter, offered in Commons Lang's BitField)."""
    if param not in _NUMERIC or value not in _NUMERIC or param == value:
        return False
    if "char" in (param, value):
        return value != "char" or param in ("byte", "short")  # char widens to int and up
    return _WIDTH[value] > _WIDTH[param]


def _incompatible(target: str, value: str) -> bool:
    """Whether no assignment conversion (JLS 5.2) takes a value of type ``value`` to type
    ``target``, judged only where it is sure: primitives, their boxes, String and arrays
    against each other, and an object of a class (the file's, the library's) to an array; a
    narrowing only from long, float or double (an int constant may narrow to byte, short or
    char)."""
    if target == value or not target or not value:
        return False
    if value == "null":
        return target in _PRIMITIVES
    t, v = _BOXED.get(target, target), _BOXED.get(value, value)
    if target in _PRIMITIVES or target in _BOXED:
        if v not in _PRIMITIVES:
            return True
        if (t == "boolean") != (v == "boolean"):
            return True
        if target in _BOXED and value in _PRIMITIVES:
            return t != v and v in _WIDE
        return v in _WIDE and _WIDTH.get(v, 0) > _WIDTH.get(t, 0)
    if target == "String":
        return value in _PRIMITIVES or value in _BOXED or value.endswith("]")
    if target.endswith("]"):
        if not value.endswith("]"):  # no object of a class is an array (CharsRef was offered
            return True  # chars = new CharsRef(capacity) for a char[])
        a, b = target[:-2], value[:-2]  # arrays of primitives are of that primitive only
        if a in _PRIMITIVES or b in _PRIMITIVES:
            return a != b
        return a.endswith("]") and b.endswith("]") and _incompatible(a, b)
    # an object type (a library type or a class of the file): never a primitive, String or array
    return value in _PRIMITIVES or value == "String" or value.endswith("]")


_CONSTANT = re.compile(r"[A-Z][A-Z0-9_]*")  # a constant's name (MAX_SIZE, NO_PACKAGE)
_TYPE_PARAMETER = re.compile(r"[A-Z][A-Z0-9]?")  # T, E, K, V, T2
# the supertypes of String, and of the boxes (and Number of the numeric ones), JDK 17
_BOX_SUPERS = frozenset({"Object", "Comparable", "Serializable", "Constable", "ConstantDesc"})
_STRING_SUPERS = _BOX_SUPERS | {"CharSequence"}
# a variable's or a field's name (its declared type is its value's class's, or a supertype)
_VARIABLE_NAMES = frozenset({"identifier", "field_access"})
# expressions whose type may be unknown here and may be a String
_UNTYPED_USES = frozenset({"method_invocation", "identifier", "field_access", "array_access"})
# ... compare by value (Commons Lang's compareIgnoreCase: str1 == str2, then
# str1.compareToIgnoreCase(str2))
_BY_VALUE = frozenset(
    """equals equalsIgnoreCase contentEquals compareTo compareToIgnoreCase compare
    regionMatches""".split()
)
# what fails on an empty collection (or returns null where a value is used)
_TAKEN = frozenset(
    """peek pop poll element first last getFirst getLast peekFirst peekLast pollFirst
    pollLast removeFirst removeLast firstKey lastKey""".split()
)


def _other_condition(n: SyntaxNode, op: str) -> tuple[SyntaxNode, SyntaxNode, str] | None:
    """The operator of the condition ``n`` made the other one (``&&`` for ``||``)."""
    operator = n.child_by_field_name("operator")
    return None if operator is None else (operator, operator, "||" if op == "&&" else "&&")


def _type_arguments(type_text: str) -> list[str]:
    """``Map<String,List<Integer>>`` -> ``["String", "List<Integer>"]`` (a declared type's
    text has no spaces); ``[]`` without them."""
    if "<" not in type_text or not type_text.endswith(">"):
        return []
    inner, out, depth, start = type_text[type_text.index("<") + 1 : -1], [], 0, 0
    for k, c in enumerate(inner):
        depth += (c == "<") - (c == ">")
        if c == "," and depth == 0:
            out.append(inner[start:k])
            start = k + 1
    return out + [inner[start:]]


def _value(n: SyntaxNode | None) -> int | None:
    """The value of a constant integer expression of literals (``1_000_000_007``, ``(int)
    1e9 + 7``, ``998244353L``), else None."""
    n = _bare(n)
    if n is None:
        return None
    if n.type == "decimal_integer_literal":
        return int(_text(n).replace("_", "").rstrip("lL"))
    if n.type == "cast_expression":
        inner = n.child_by_field_name("value")
        if _text(n.child_by_field_name("type")) in ("int", "long") and inner is not None:
            if inner.type == "decimal_floating_point_literal":
                try:
                    return int(float(_text(inner).replace("_", "").rstrip("dDfF")))
                except ValueError:
                    return None
            return _value(inner)
        return None
    if n.type == "binary_expression":
        a, b = _value(n.child_by_field_name("left")), _value(n.child_by_field_name("right"))
        op = _text(n.child_by_field_name("operator"))
        if a is not None and b is not None and op in ("+", "-", "*"):
            return a + b if op == "+" else a - b if op == "-" else a * b
    return None


def _literal(n: SyntaxNode) -> bool:
    n = _bare(n)
    if n.type == "unary_expression":
        n = n.child_by_field_name("operand") or n
    return n.type in _LITERALS


@overload
def _bare(n: SyntaxNode) -> SyntaxNode: ...
@overload
def _bare(n: SyntaxNode | None) -> SyntaxNode | None: ...
def _bare(n: SyntaxNode | None) -> SyntaxNode | None:
    """``n`` without the parentheses around it: ``((a + b))`` -> ``a + b``."""
    while n is not None and n.type == "parenthesized_expression" and n.named_children:
        n = n.named_children[0]
    return n


def _branches(n: SyntaxNode) -> list[SyntaxNode]:
    """The values ``n`` may take, parentheses aside: each branch of a conditional (``flag ?
    set(holder) + 1 : 0`` -> ``set(holder) + 1``, ``0``), else ``n``."""
    n = _bare(n)
    if n.type != "ternary_expression":
        return [n]
    taken = (n.child_by_field_name(b) for b in ("consequence", "alternative"))
    return [x for t in taken if t is not None for x in _branches(t)]


def _offsets(method: SyntaxNode | None) -> int:
    """How many times ``method`` adds an integer literal to a value or subtracts one from it
    (``off + 0``, ``b[i - 1]``)."""
    if method is None:
        return 0
    return sum(
        1
        for n in _walk(method)
        if n.type == "binary_expression"
        and (found := _comparison(n, ("+", "-"))) is not None
        and found[2].type == "decimal_integer_literal"
    )


def _upper_bound(
    condition: SyntaxNode, name: SyntaxNode
) -> tuple[SyntaxNode, tuple[SyntaxNode, SyntaxNode, str]] | None:
    """The end a loop of ``name`` counting up reaches under ``condition`` (parentheses aside)
    where it reaches it, and the fix that stops before it: ``i <= a.length`` -> ``a.length``
    (fixed by ``<``), ``i < a.length + 1`` and ``i <= a.length + 2`` -> ``a.length`` (fixed by
    ``< a.length``); else None."""
    operator = condition.child_by_field_name("operator")
    bound = condition.child_by_field_name("right")
    op = _text(operator)
    if operator is None or bound is None or op not in ("<", "<="):
        return None
    if not _same(condition.child_by_field_name("left"), name):
        return None
    beyond = _comparison(bound, ("+",))
    more = None if beyond is None else _value(beyond[2])
    if beyond is not None and more is not None and more >= (1 if op == "<" else 0):
        return beyond[1], (operator, bound, f"< {_text(beyond[1])}")
    return (bound, (operator, operator, "<")) if op == "<=" else None


def _comparison(
    n: SyntaxNode | None, operators: Container[str]
) -> tuple[str, SyntaxNode, SyntaxNode] | None:
    """(operator, left, right) of ``n``, parentheses aside, where it is a binary expression
    of one of ``operators``; None otherwise."""
    n = _bare(n)
    if n is None or n.type != "binary_expression":
        return None
    op = _text(n.child_by_field_name("operator"))
    left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
    if op not in operators or left is None or right is None:
        return None
    return op, left, right


def _constant_test(n: SyntaxNode | None) -> tuple[str, SyntaxNode, str] | None:
    """``x == 3`` or ``3 == x``: (the operator, x, the literal's text); None otherwise."""
    found = _comparison(n, ("==", "!="))
    if found is None:
        return None
    op, left, right = found
    if _literal(right) and not _literal(left) and right.type != "null_literal":
        return op, left, _text(right)
    if _literal(left) and not _literal(right) and left.type != "null_literal":
        return op, right, _text(left)
    return None


def _guarded(n: SyntaxNode | None, op: str) -> tuple[str, frozenset[str]] | None:
    """What the left side ``n`` of ``&&`` (``op`` ``==``) or ``||`` (``!=``) lets through
    to its right: (x, members that fail then) for ``x == null`` (any member), and for
    ``x.isEmpty()`` (``&&``) or ``!x.isEmpty()`` (``||``) what takes an element."""
    n = _bare(n)
    if n is None:
        return None
    if n.type == "binary_expression" and _text(n.child_by_field_name("operator")) == op:
        left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
        for x, y in ((left, right), (right, left)):
            if x is not None and y is not None and y.type == "null_literal":
                if x.type in ("identifier", "field_access"):
                    return _text(x), frozenset()
        return None
    negated = n.type == "unary_expression" and _text(n.child_by_field_name("operator")) == "!"
    if negated != (op == "!="):
        return None
    call = n.child_by_field_name("operand") if negated else n
    call = _bare(call)
    if call is None or call.type != "method_invocation":
        return None
    obj = call.child_by_field_name("object")
    if _text(call.child_by_field_name("name")) != "isEmpty" or obj is None:
        return None
    if obj.type not in ("identifier", "field_access") or _statements(
        call.child_by_field_name("arguments")
    ):
        return None
    return _text(obj), _TAKEN


def _uses(n: SyntaxNode | None, guarded: tuple[str, frozenset[str]]) -> bool:
    """Whether ``n`` dereferences what a guard lets through (:func:`_guarded`'s ``(x,
    members)``) anywhere in it."""
    return n is not None and any(_dereferences(x, *guarded) for x in _walk(n))


def _dereferences(n: SyntaxNode, name: str, members: frozenset[str]) -> bool:
    """Whether ``n`` uses a member of the variable ``name`` (of ``members``; empty: any)."""
    if n.type == "method_invocation":
        member = _text(n.child_by_field_name("name"))
    elif n.type == "field_access":
        member = _text(n.child_by_field_name("field"))
    else:
        return False
    obj = n.child_by_field_name("object")
    return obj is not None and _text(obj) == name and (not members or member in members)


def _bound(n: SyntaxNode | None) -> tuple[SyntaxNode, bool, SyntaxNode] | None:
    """``x >= low`` (x, True: x above the bound, low), ``x <= high`` (x, False, high): a
    comparison read with its left as the value; None for anything else."""
    found = _comparison(n, _ORDER)
    return None if found is None else (found[1], found[0] in (">", ">="), found[2])


_LOW = frozenset("lo low lower min start begin from left".split())
_HIGH = frozenset("hi high upper max end stop to right limit".split())


def _name_words(name: str) -> list[str]:
    """The words of a camelCase or UPPER_CASE name, lower-cased (``findMaxOf``: find, max,
    of; ``END_INDEX``: end, index)."""
    return [w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name)]


def _side(n: SyntaxNode) -> str:
    """``"low"`` or ``"high"`` where the name of the bound ``n`` (a variable or field, not a
    literal) says so in one of its words (``minValue``, ``range.hi``, ``END_INDEX``); ``""``
    otherwise."""
    if n.type not in ("identifier", "field_access"):
        return ""
    words = set(_name_words(_text(n).rsplit(".", 1)[-1]))
    low, high = bool(words & _LOW), bool(words & _HIGH)
    return "low" if low and not high else "high" if high and not low else ""


def _assignment(
    statement: SyntaxNode, declaration: bool = False
) -> tuple[SyntaxNode, SyntaxNode] | None:
    """(target, value) of a statement ``x = v;`` (or, with ``declaration``, ``T x = v;``
    of one variable); None for any other statement."""
    if declaration and statement.type == "local_variable_declaration":
        declared = [d for d in _children(statement) if d.type == "variable_declarator"]
        if len(declared) == 1:
            name, value = (
                declared[0].child_by_field_name("name"),
                declared[0].child_by_field_name("value"),
            )
            return (name, value) if name is not None and value is not None else None
    if statement.type != "expression_statement":
        return None
    inner = next(iter(_statements(statement)), None)
    if inner is None or inner.type != "assignment_expression":
        return None
    if _text(inner.child_by_field_name("operator")) != "=":
        return None
    left, right = inner.child_by_field_name("left"), inner.child_by_field_name("right")
    return (left, right) if left is not None and right is not None else None


def _stepped(step: SyntaxNode, name: SyntaxNode) -> str:
    """``"++"`` or ``"--"`` where ``step`` is ``name++``, ``++name``, ``name--`` or
    ``--name``; ``""`` otherwise."""
    if step.type != "update_expression" or not _same(next(iter(_statements(step)), None), name):
        return ""
    return next((c.type for c in step.children if c.type in ("++", "--")), "")


def _reads_at(n: SyntaxNode, ends: tuple[SyntaxNode, str], index: str) -> bool:
    """Whether ``n`` reads the element at ``index`` (its text) of what ``ends`` is the length
    of (:meth:`_Checker._length`): ``a[i]`` for ``a.length``, ``s.charAt(i)`` for
    ``s.length()``, ``xs.get(i)`` for ``xs.size()``."""
    obj, which = ends
    if n.type == "array_access":
        at, of, member = n.child_by_field_name("index"), n.child_by_field_name("array"), "[]"
    elif n.type == "method_invocation":
        args = _statements(n.child_by_field_name("arguments"))
        at, of = (args[0] if args else None), n.child_by_field_name("object")
        member = _text(n.child_by_field_name("name"))
    else:
        return False
    spaced = _text(at).replace(" ", "") == index.replace(" ", "")  # i+1, i + 1
    return member in _AT_INDEX[which] and spaced and _same(of, obj)


def _read_each_pass(
    body: SyntaxNode, name: str, ends: tuple[SyntaxNode, str], index: str
) -> SyntaxNode | None:
    """The read at ``index`` (:func:`_reads_at`) of what ``ends`` is the length of that the
    loop ``body`` makes in every pass, where the body neither changes the counter ``name``
    nor that array, String or list, nor may leave early; None otherwise."""
    if {name, _text(ends[0])} & _assigned(body) or any(x.type in _EXITS for x in _walk(body)):
        return None
    read = next((x for x in _walk(body) if _reads_at(x, ends, index)), None)
    return read if read is not None and _unguarded(read, body) else None


def _index(read: SyntaxNode) -> SyntaxNode:
    """The index of ``a[i]``, ``s.charAt(i)`` or ``xs.get(i)`` (:func:`_reads_at`)."""
    if read.type == "array_access":
        return read.child_by_field_name("index")  # type: ignore[return-value]  # required
    return _statements(read.child_by_field_name("arguments"))[0]


def _unguarded(n: SyntaxNode, body: SyntaxNode) -> bool:
    """Whether ``n`` runs whenever the statement ``body`` does: nothing between them may
    skip it (a branch of a condition, a loop's body, the right of a ``&&``, a lambda, ...;
    a condition itself and the left of ``&&`` always run)."""
    came, at = n, n.parent
    while at is not None:
        first = at.child_by_field_name("left" if at.type == "binary_expression" else "condition")
        always = first is not None and first.id == came.id  # if (a[i] > 0), a[i] > 0 && ...
        if at.type in _GUARDS and not (always and at.type != "for_statement"):
            return False
        if at.type == "binary_expression" and _text(at.child_by_field_name("operator")) in (
            _CONDITION_OPS
        ):
            if not always:
                return False
        if at.id == body.id:
            return True
        came, at = at, at.parent
    return False


def _offset_of(base: SyntaxNode, other: SyntaxNode) -> bool:
    """Whether ``other`` is ``base + y`` or ``base - y`` (``Math.max(d[i], d[i] + 1)``)."""
    other = _bare(other)
    if other.type != "binary_expression":
        return False
    if _text(other.child_by_field_name("operator")) not in ("+", "-"):
        return False
    return _same(base, other.child_by_field_name("left"))


# where a name is read as a value (an operand, an argument, what is returned), not a type's
_VALUE_PARENTS = frozenset(
    {
        "binary_expression",
        "argument_list",
        "return_statement",
        "ternary_expression",
        "unary_expression",
        "parenthesized_expression",
    }
)


def _as_value(n: SyntaxNode) -> bool:
    """Whether the name ``n`` is read as a value where it stands (``x == Character``; not
    ``Character.isDigit(c)``, ``(Character) o`` or ``o instanceof Character``)."""
    parent = n.parent
    if parent is None:
        return False
    if parent.type in _VALUE_PARENTS:
        return True
    side = {"variable_declarator": "value", "assignment_expression": "right"}.get(parent.type)
    return side is not None and parent.child_by_field_name(side) == n


def _camel(name: str) -> bool:
    """Whether ``name`` is written as a type is (``ArrayList``, not ``MAX`` or ``size``)."""
    return name[:1].isupper() and any(c.islower() for c in name)


# Library calls of two arguments whose value is a constant, or the one argument, when both
# are the same: a comparison of an expression with itself.
_SYMMETRIC = frozenset(
    {(t, m) for t in ("Math", "StrictMath") for m in ("min", "max")}
    | {(t, "compare") for t in ("Integer", "Long", "Short", "Byte", "Character", "Boolean")}
    | {("Double", "compare"), ("Float", "compare"), ("Objects", "equals"), ("Arrays", "equals")}
)


def _compares_itself(obj: SyntaxNode, name: str, args: list[SyntaxNode]) -> bool:
    """Whether the call of ``name`` on ``obj`` with ``args`` compares an expression with
    itself: ``Math.max(x, x)``, ``Integer.compare(y, y)``, ``s.equals(s)``, ``s.compareTo(s)``."""
    if len(args) == 2 and (_text(obj), name) in _SYMMETRIC:
        return _same(args[0], args[1])
    return len(args) == 1 and name in ("equals", "compareTo") and _same(obj, args[0])


def _same(a: SyntaxNode | None, b: SyntaxNode | None) -> bool:
    """Whether two expressions are the same text and free of side effects (no call, no
    ``++``/``--``, no assignment, no ``new``)."""
    if a is None or b is None or _text(a) != _text(b):
        return False
    impure = (
        "method_invocation",
        "update_expression",
        "assignment_expression",
        "object_creation_expression",
        "array_creation_expression",
    )
    return not any(n.type in impure for n in _walk(a))


def _member_name(n: SyntaxNode) -> bool:
    """Whether the identifier ``n`` is the member of a field access (``length`` of ``a.length``)."""
    parent = n.parent
    if parent is None or parent.type != "field_access":
        return False
    field = parent.child_by_field_name("field")
    return field is not None and field.start_byte == n.start_byte


def _assigned(n: SyntaxNode) -> set[str]:
    """The names of the variables that ``n`` assigns, increments or decrements."""
    return {name for _, name in _assignments(n)}


def _assignments(n: SyntaxNode) -> list[tuple[int, str]]:
    """Where ``n`` assigns, increments or decrements a variable, and its name: (start byte,
    name) in order."""
    return [(x.start_byte, name) for x, name in _targets(n)]


# the words of a method name that say it returns the greatest or the least (_extreme_named)
_EXTREME_WORDS = {
    "max": "max",
    "maximum": "max",
    "largest": "max",
    "min": "min",
    "minimum": "min",
    "smallest": "min",
}


def _extreme_named(method: str) -> str | None:
    """``max`` or ``min`` where the method's name says which it returns (``max``,
    ``findMax``, ``maxOf``, ``getMinimum``, ``smallest``; not ``maxFlow`` nor ``minCost``:
    the greatest flow, the least cost of something else)."""
    words = _name_words(method)
    verbs = ("find", "get", "compute", "calc", "calculate")
    rest = words[1:] if words and words[0] in verbs else words
    if rest and rest[-1] in ("of", "value", "element", "item") and len(rest) == 2:
        rest = rest[:1]
    return _EXTREME_WORDS.get(rest[0]) if len(rest) == 1 else None


def _loops_around(n: SyntaxNode, within: SyntaxNode) -> Iterator[SyntaxNode]:
    """The loops that hold ``n`` inside ``within``, innermost first."""
    parent = n.parent
    while parent is not None and parent.start_byte >= within.start_byte and parent != within:
        if parent.type in _LOOPS:
            yield parent
        parent = parent.parent


def _elements_assigned(n: SyntaxNode) -> set[str]:
    """The names of the arrays an element of which ``n`` assigns, increments or decrements
    (``a`` of ``a[i][j] += 2``)."""
    out = set()
    for _, target in _written(n):
        if target.type != "array_access":
            continue
        array: SyntaxNode | None = target
        while array is not None and array.type == "array_access":
            array = array.child_by_field_name("array")
        if array is not None and array.type == "identifier":
            out.add(_text(array))
    return out


def _changes(n: SyntaxNode, name: str) -> list[SyntaxNode]:
    """The assignments, increments and decrements of the variable ``name`` in ``n``."""
    return [x for x, target in _targets(n) if target == name]


def _targets(n: SyntaxNode) -> Iterator[tuple[SyntaxNode, str]]:
    """Each assignment, increment or decrement of a variable in ``n``, with its name."""
    for x, target in _written(n):
        if target.type == "identifier":
            yield x, _text(target)


def _written(n: SyntaxNode) -> Iterator[tuple[SyntaxNode, SyntaxNode]]:
    """Each assignment, increment or decrement in ``n``, with what it changes."""
    for x in _walk(n):
        if x.type == "assignment_expression":
            target = x.child_by_field_name("left")
        elif x.type == "update_expression":
            target = next(iter(_statements(x)), None)
        else:
            continue
        if target is not None:
            yield x, target


def _steps(body: SyntaxNode, name: str) -> list[tuple[str, SyntaxNode]] | None:
    """The increments and decrements of the local ``name`` in ``body`` (``("++", i++)``);
    None where an assignment changes it otherwise."""
    out = []
    for x in _changes(body, name):
        if x.type == "assignment_expression":
            return None
        out.append((_stepped(x, next(iter(_statements(x)))), x))
    return out


def _lowest_bit(n: SyntaxNode, name: str) -> bool:
    """Whether ``n`` is ``name & 1``, ``1 & name`` or ``name % 2``."""
    found = _comparison(n, ("&", "%"))
    if found is None:
        return False
    op, left, right = found
    if op == "&" and _text(left) == "1":
        left, right = right, left
    return _text(left) == name and _text(right) == ("1" if op == "&" else "2")


def _indent(n: SyntaxNode) -> str:
    """The white space that opens the line of ``n`` (none where code comes before it)."""
    root = n
    while root.parent is not None:
        root = root.parent
    line = (root.text or b"")[n.start_byte - n.start_point.column : n.start_byte]
    return "" if line.strip() else line.decode("utf-8", "surrogatepass")


def _loop_bounds(
    n: SyntaxNode, operators: Container[str] = ("<",)
) -> dict[str, tuple[SyntaxNode, str]]:
    """The variables of the ``for`` loops around ``n`` that count up to a bound (``for (int
    i = 0; i < n; i++)``, with ``operators``): name -> bound, operator."""
    out: dict[str, tuple[SyntaxNode, str]] = {}
    at = n.parent
    while at is not None and at.type not in _METHODS:
        if at.type == "for_statement":
            found = _comparison(at.child_by_field_name("condition"), operators)
            if found is not None and found[1].type == "identifier":
                out.setdefault(_text(found[1]), (found[2], found[0]))
        at = at.parent
    return out


def _run(bound: tuple[SyntaxNode, str]) -> str:
    """How many values a loop to ``bound`` (node, operator) runs through from 0, as code
    without spaces (``n`` for ``< n``, ``n+1`` for ``<= n``)."""
    text = "".join(_text(bound[0]).split())
    return text if bound[1] == "<" else f"{text}+1"


def _queues(n: SyntaxNode) -> bool:
    """Whether ``n`` is a call that puts something on a queue or stack."""
    name = _text(n.child_by_field_name("name")) if n.type == "method_invocation" else ""
    return name in ("add", "offer", "addLast", "push")


def _statement(n: SyntaxNode) -> SyntaxNode:
    """The innermost statement around ``n`` (a declaration, an expression statement, a
    ``return``, an ``if``, ...; the outermost node where there is none)."""
    at = n
    while at.parent is not None and not (at.type.endswith("_statement") or at.type in _COMPLETING):
        at = at.parent
    return at


def _logical_chain(n: SyntaxNode) -> SyntaxNode:
    """The outermost condition that ``n`` is an operand of through ``&&``, ``||`` and
    parentheses (``a == "x" || (a == "y" && b)`` of ``a == "y"``; ``n`` itself if none)."""
    top = n
    while (up := top.parent) is not None and (
        up.type == "parenthesized_expression" or _comparison(up, _CONDITION_OPS) is not None
    ):
        top = up
    while top.type == "parenthesized_expression" and top.id != n.id:  # the if's own (...)
        top = top.named_children[0]
    return top


def _logical_operands(n: SyntaxNode) -> Iterator[SyntaxNode]:
    """The operands of the ``&&`` and ``||`` of ``n`` through parentheses, in order (``n``
    itself where it is no such condition)."""
    found = _comparison(n, _CONDITION_OPS)
    if found is None:
        yield _bare(n)
        return
    yield from _logical_operands(found[1])
    yield from _logical_operands(found[2])


def _parenthesized(n: SyntaxNode) -> SyntaxNode:
    """``n`` with the parentheses around it (``((a * b))`` of ``a * b``)."""
    while n.parent is not None and n.parent.type == "parenthesized_expression":
        n = n.parent
    return n


def _array_of(n: SyntaxNode) -> SyntaxNode | None:
    """The array of ``n`` through every index (``dist`` of ``dist[r][c]``; ``n`` itself
    where it is no element)."""
    at: SyntaxNode | None = n
    while at is not None and at.type == "array_access":
        at = at.child_by_field_name("array")
    return at


def _is_element(n: SyntaxNode, table: SyntaxNode) -> bool:
    """Whether ``n`` is an element of the array ``table`` (``dist[u]``, ``dist[r][c]``)."""
    array = _array_of(n)
    return array is not None and _same(array, table) and array.id != table.id


def _truth(n: SyntaxNode) -> bool:
    """Whether ``n`` is read as a truth value (``!seen[v]``, ``seen[v] || x``, ``if
    (seen[v])``), not compared (``g[r][c] == '#'``)."""
    parent = n.parent
    if parent is None or parent.type == "parenthesized_expression":
        return True
    op = _text(parent.child_by_field_name("operator"))
    return op in ("!", "&&", "||") or parent.type == "if_statement"


def _tests(n: SyntaxNode) -> bool:
    """Whether ``n`` is in the condition of an ``if``, a loop or ``?:``."""
    at = n
    while at.parent is not None and at.type not in _COMPLETING:
        parent = at.parent
        if parent.type in (
            "if_statement",
            "while_statement",
            "ternary_expression",
            "for_statement",
        ):
            return parent.child_by_field_name("condition") == at
        at = parent
    return False


def _rewritten(n: SyntaxNode, new: dict[int, str]) -> str:
    """The text of ``n`` with that of each of its descendants whose id is a key of ``new``
    replaced by its value."""
    data, base, out = n.text or b"", n.start_byte, []
    at = base
    for x in sorted((x for x in _walk(n) if x.id in new), key=lambda x: x.start_byte):
        out += [data[at - base : x.start_byte - base].decode("utf-8", "surrogatepass"), new[x.id]]
        at = x.end_byte
    return "".join(out) + data[at - base :].decode("utf-8", "surrogatepass")


def _in_order(x: SyntaxNode, call: SyntaxNode, p: int, q: int, names: tuple[str, ...]) -> bool:
    """Whether the call ``x`` is of the method ``call`` calls, and passes ``names[p]`` and
    ``names[q]`` as the parameters of those names."""
    if x.child_by_field_name("object") is not None or not _same(
        x.child_by_field_name("name"), call.child_by_field_name("name")
    ):
        return False
    args = _statements(x.child_by_field_name("arguments"))
    return len(args) == len(names) and (_text(args[p]), _text(args[q])) == (names[p], names[q])


def _bit_of(n: SyntaxNode, mask: str) -> str | None:
    """The variable ``i`` where ``n`` tests bit ``i`` of ``mask`` (``mask >> i & 1``, ``(mask
    >>> i) & 1``, ``mask & (1 << i)``, ``(1L << i) & mask``); None otherwise."""
    found = _comparison(n, ("&",))
    if found is None:
        return None
    for a, b in ((found[1], found[2]), (found[2], found[1])):
        shifted = _comparison(a, (">>", ">>>"))
        if shifted and _text(shifted[1]) == mask and _value(b) == 1 and _literal(b):
            return _text(shifted[2])
        shifted = _comparison(a, ("<<",))
        if shifted and _value(shifted[1]) == 1 and _literal(shifted[1]) and _text(b) == mask:
            return _text(shifted[2])
    return None


def _tested_for(n: SyntaxNode, array: str, bound: str) -> list[str]:
    """The elements of ``array`` that ``n`` compares with ``bound`` (``dp[x]`` of ``dp[x] ==
    Integer.MAX_VALUE``)."""
    out = []
    for x in _walk(n):
        found = _comparison(x, _COMPARISON)
        if found is None:
            continue
        for element, other in ((found[1], found[2]), (found[2], found[1])):
            element = _bare(element)
            if element.type == "array_access" and _text(other) == bound:
                if _text(element.child_by_field_name("array")) == array:
                    out.append(_text(element))
    return out


def _by_call(assignment: SyntaxNode, variable: str, name: str) -> bool:
    """Whether ``assignment`` is ``variable = Math.name(..., variable, ...)``."""
    call = _bare(assignment.child_by_field_name("right"))
    if _text(assignment.child_by_field_name("operator")) != "=" or call is None:
        return False
    if call.type != "method_invocation" or _text(call.child_by_field_name("name")) != name:
        return False
    if _text(call.child_by_field_name("object")) not in ("Math", "StrictMath"):
        return False
    return variable in map(_text, _statements(call.child_by_field_name("arguments")))


def _tested(assignment: SyntaxNode, variable: str) -> SyntaxNode | None:
    """The ``if`` statement whose condition compares ``variable`` and whose consequence is
    ``assignment`` (alone or in a block), if any."""
    statement = assignment.parent
    if statement is None or statement.type != "expression_statement":
        return None
    n = statement.parent
    if n is not None and n.type == "block":
        n = n.parent
    if (
        n is None
        or n.type != "if_statement"
        or _text(assignment.child_by_field_name("operator")) != "="
    ):
        return None
    found = _comparison(n.child_by_field_name("condition"), _ORDER)
    if found is None or variable not in (_text(found[1]), _text(found[2])):
        return None
    return n


def _names(n: SyntaxNode | None) -> list[SyntaxNode]:
    return [] if n is None else [x for x in _walk(n) if x.type == "identifier"]


def _method_node(text: str, context: tuple[str, str] | None) -> SyntaxNode | None:
    """The one method of ``text`` (a member parsed alone in ``context``, by default
    :func:`~spancopy_core.lang.java.member_context`), or None if it does not parse."""
    before, after = context or member_context()
    root = syntax_tree(before + text + after)
    wrapper = root.named_children[0] if root.named_children and not root.has_error else None
    body = wrapper.child_by_field_name("body") if wrapper is not None else None
    return next((m for m in _children(body) if m.type in _METHODS), None)


def free_names(text: str) -> frozenset[str]:
    """The names the method ``text`` (one member, parsed alone) uses without declaring them:
    what it takes from its file (fields, methods, imported types and static imports); empty
    when it does not parse. A similar edit's target may use what the edited method does."""
    node = _method_node(text, None)
    return frozenset(_Checker(Environment()).free(node)) if node is not None else frozenset()


def suspicions(
    text: str, env: Environment | None = None, context: tuple[str, str] | None = None
) -> list[Suspect]:
    """What in the method ``text`` compiles but is very likely a bug (:class:`Suspect`: its
    line in ``text``, and its fix as code-point offsets in ``text``). A String compared by
    reference (without a comparison by value of the same two), an int product given to a long, an
    integer quotient given to a float or double, ``x == 1 && x == 2``, a guard that lets
    what it guards fail (``x == null && x.f()``, ``!s.isEmpty() || s.pop()``),
    ``Math.max(a, a + b)``. Each is also a problem (:func:`problems`) of a candidate that
    adds it."""
    node = _method_node(text, context)
    if node is None:
        return []
    checker = _Checker(env or Environment())
    checker.problems(node)
    before = (context or member_context())[0]
    data = (before + text).encode("utf-8", "surrogatepass")  # the parse up to the method's end
    return list(_relative(checker.suspects, node, data))


def _code_point(data: bytes, offset: int) -> int:
    """The code-point offset of the byte ``offset`` of the UTF-8 ``data``."""
    return len(data[:offset].decode("utf-8", "surrogatepass"))


def problems(
    text: str, env: Environment | None = None, context: tuple[str, str] | None = None
) -> list[str]:
    """What makes no sense in the method ``text`` (one member, parsed alone) in ``env`` (its
    file's declarations and the names the method as written uses; None: nothing is known, so
    only what the method itself declares is checked). Empty when it makes sense, or when it
    does not parse (that is the syntax check's to judge). ``context``: the text to parse it
    in, as for :func:`_method_node`."""
    node = _method_node(text, context)
    if node is None:
        return []
    known = env or Environment()
    left = Counter(known.written)  # each problem of the method as written excuses one
    out = []
    for problem in _Checker(known).problems(node):
        if left[problem]:
            left[problem] -= 1
        else:
            out.append(problem)
    return out
