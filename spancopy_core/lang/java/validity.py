"""Whether a candidate Java method makes sense before it is ranked (pure, tree-sitter based):
:func:`problems` lists what a compiler or a reader would reject at once (an undeclared name, a
member of a primitive, a self-comparison, ...) against the :class:`Environment` of the method it
replaces (:func:`environment`); every check errs on the side of keeping a candidate.
Design notes: docs/design.md#lang-java-validity.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from spancopy_core.lang.java.abstraction import JAVA_LANG
from spancopy_core.lang.java.syntax import (
    JavaSource,
    Method,
    SyntaxNode,
    member_context,
    parse,
)

_PRIMITIVES = frozenset("int long short byte char boolean float double".split())
_NUMERIC = _PRIMITIVES - {"boolean"}
_FLOATING = frozenset({"float", "double", "Float", "Double"})
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
    "string_literal": "String",
    "true": "boolean",
    "false": "boolean",
}
_ARRAY_METHODS = frozenset({"clone", "equals", "hashCode", "getClass", "toString"})
_ORDER = frozenset({"<", ">", "<=", ">="})
_COMPARISON = _ORDER | {"==", "!="}
_CONDITION_OPS = frozenset({"&&", "||"})
_USELESS_SELF = frozenset({"=", "-=", "/=", "%=", "^=", "&=", "|="})
_TYPE_DECLS = frozenset(
    {
        "class_declaration",
        "interface_declaration",
        "enum_declaration",
        "record_declaration",
        "annotation_type_declaration",
    }
)
_SKIPPED = frozenset({"annotation", "marker_annotation", "class_body", "switch_label"})


@dataclass(frozen=True)
class Environment:
    """What the file around a method declares: field name -> declared type (``""`` when
    unknown), method names, type names (its own types, their type parameters, imports);
    ``open`` when members or types may come from elsewhere (a superclass or interface, an
    anonymous class, a wildcard import); and the names the method as written uses without a
    declaration in this file (``free``)."""

    fields: dict[str, str] = field(default_factory=dict)
    methods: frozenset[str] = frozenset()
    types: frozenset[str] = frozenset()
    open: bool = True
    free: frozenset[str] = frozenset()

    def __hash__(self) -> int:
        fields = tuple(sorted(self.fields.items()))
        return hash((fields, self.methods, self.types, self.open, self.free))


def _text(node: SyntaxNode | None) -> str:
    return "" if node is None or node.text is None else node.text.decode("utf-8", "surrogatepass")


def _declared_type(type_node: SyntaxNode | None, declarator: SyntaxNode | None = None) -> str:
    """The type a declaration gives one name, ``[]`` appended per dimension of the
    declarator (``int a[]``)."""
    text = _text(type_node)
    dims = declarator.child_by_field_name("dimensions") if declarator is not None else None
    return text + "[]" * _text(dims).count("[")


def _base(type_text: str) -> str:
    """``java.util.List<String>`` -> ``List``."""
    return type_text.split("<", 1)[0].rsplit(".", 1)[-1].strip()


def environment(doc: JavaSource, method: Method) -> Environment:
    """The :class:`Environment` of ``method`` in ``doc``."""
    node = doc.method_node(method)
    fields: dict[str, str] = {}
    methods: set[str] = set()
    types: set[str] = set()
    is_open = False
    static_imports: set[str] = set()
    for name in doc.imports:
        simple = name.rsplit(".", 1)[-1]
        if simple == "*":
            is_open = True
        elif name.startswith("static "):
            static_imports.add(simple)
        else:
            types.add(simple)
    types.update(doc.declared_types())
    parent = node.parent
    while parent is not None:
        if parent.type in _TYPE_DECLS:
            is_open |= any(
                parent.child_by_field_name(f) is not None for f in ("superclass", "interfaces")
            ) or any(c.type == "super_interfaces" for c in parent.children)
            types.update(_type_parameters(parent))
            if parent.type == "record_declaration":
                for p in _children(parent.child_by_field_name("parameters")):
                    fields[_text(p.child_by_field_name("name"))] = _declared_type(
                        p.child_by_field_name("type")
                    )
            if parent.type == "enum_declaration":
                fields.update(
                    dict.fromkeys(
                        _enum_constants(parent), _text(parent.child_by_field_name("name"))
                    )
                )
        elif parent.type == "object_creation_expression":
            is_open = True  # an anonymous class: its superclass's members are unknown
        elif parent.type in ("class_body", "interface_body", "enum_body"):
            members = [m for m in _members(parent) if "comment" not in m.type]
            # a class of this one method is a method shown out of its file (a snippet)
            is_open |= [m.id for m in members] == [node.id]
            for member in members:
                if member.type == "method_declaration":
                    methods.add(_text(member.child_by_field_name("name")))
                elif member.type in ("field_declaration", "constant_declaration"):
                    kind = member.child_by_field_name("type")
                    for d in _children(member):
                        if d.type == "variable_declarator":
                            fields[_text(d.child_by_field_name("name"))] = _declared_type(kind, d)
        parent = parent.parent
    fields.update(dict.fromkeys(static_imports - fields.keys(), ""))
    methods |= static_imports
    env = Environment(fields, frozenset(methods), frozenset(types), is_open)
    free = _Checker(env).free(node)
    # a method that already uses names from out of sight lives in a class not all seen here
    return Environment(fields, env.methods, env.types, is_open or bool(free), frozenset(free))


def _walk(node: SyntaxNode) -> Iterator[SyntaxNode]:
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(n.named_children))


def _children(node: SyntaxNode | None) -> list[SyntaxNode]:
    return [] if node is None else list(node.named_children)


def _members(body: SyntaxNode) -> list[SyntaxNode]:
    out = []
    for child in body.named_children:
        out += child.named_children if child.type == "enum_body_declarations" else [child]
    return out


def _enum_constants(enum: SyntaxNode) -> list[str]:
    body = enum.child_by_field_name("body")
    return [
        _text(c.child_by_field_name("name")) for c in _children(body) if c.type == "enum_constant"
    ]


def _type_parameters(node: SyntaxNode) -> list[str]:
    params = node.child_by_field_name("type_parameters")
    out = []
    for p in _children(params):
        name = next(
            (c for c in p.named_children if c.type in ("type_identifier", "identifier")), None
        )
        out.append(_text(name))
    return out


class _Checker:
    """One walk of a method's body with the local scopes, collecting problems and the names
    used without a declaration (see :func:`problems`)."""

    def __init__(self, env: Environment) -> None:
        self.env = env
        self.scopes: list[dict[str, str]] = []
        self.found: list[str] = []
        self.unresolved: set[str] = set()
        self.locals: set[str] = set()  # every name the method declares, anywhere
        self.checking = True

    # -- entry points ----------------------------------------------------------------------
    def free(self, method: SyntaxNode) -> set[str]:
        """The names ``method`` uses that neither it nor the environment declares."""
        self.checking = False
        self._method(method)
        return self.unresolved

    def problems(self, method: SyntaxNode) -> list[str]:
        self._method(method)
        return self.found

    # -- scopes ----------------------------------------------------------------------------
    def _declare(self, name: SyntaxNode | None, type_text: str) -> None:
        if name is not None and self.scopes:
            self.scopes[-1][_text(name)] = type_text
            self.locals.add(_text(name))

    def _lookup(self, name: str) -> str | None:
        """The declared type of a variable in scope (``""``: unknown type), else None."""
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        return self.env.fields.get(name)

    def _method(self, method: SyntaxNode) -> None:
        for n in _walk(method):  # locals declared anywhere: used out of scope is a real miss
            if (
                n.type == "variable_declarator"
                and n.parent
                and n.parent.type == "local_variable_declaration"
            ):
                self.locals.add(_text(n.child_by_field_name("name")))
            elif n.type in ("enhanced_for_statement", "catch_formal_parameter"):
                self.locals.add(_text(n.child_by_field_name("name")))
        self.scopes.append({t: "" for t in _type_parameters(method)})
        self._params(method.child_by_field_name("parameters"))
        body = method.child_by_field_name("body")
        if body is not None:
            self._node(body)
        self.scopes.pop()

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
                        self._declare(d.child_by_field_name("name"), _text(kind) + "[]")
            elif p.type == "identifier":  # a lambda's inferred parameters
                self._declare(p, "")

    # -- the walk --------------------------------------------------------------------------
    def _node(self, n: SyntaxNode) -> None:
        kind = n.type
        if kind in _SKIPPED:
            return  # an annotation, a nested class body, an enum case label: not checked
        handler = getattr(self, "_" + kind, None)
        if handler is not None:
            handler(n)
            return
        opens = kind in (
            "block",
            "switch_block",
            "for_statement",
            "enhanced_for_statement",
            "catch_clause",
            "try_with_resources_statement",
            "lambda_expression",
        )
        if opens:
            self.scopes.append({})
        for child in n.named_children:
            self._node(child)
        if opens:
            self.scopes.pop()

    def _local_variable_declaration(self, n: SyntaxNode) -> None:
        kind = n.child_by_field_name("type")
        for d in n.named_children:
            if d.type == "variable_declarator":
                self._declare(d.child_by_field_name("name"), _declared_type(kind, d))
                value = d.child_by_field_name("value")
                if value is not None:
                    self._node(value)

    def _enhanced_for_statement(self, n: SyntaxNode) -> None:
        self._node(n.child_by_field_name("value"))  # type: ignore[arg-type]  # grammar: required
        self.scopes.append({})
        kind = n.child_by_field_name("type")
        self._declare(n.child_by_field_name("name"), _declared_type(kind, n))
        self._node(n.child_by_field_name("body"))  # type: ignore[arg-type]  # grammar: required
        self.scopes.pop()

    def _catch_clause(self, n: SyntaxNode) -> None:
        self.scopes.append({})
        for c in n.named_children:
            if c.type == "catch_formal_parameter":
                self._declare(c.child_by_field_name("name"), "Throwable")
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
        params = n.child_by_field_name("parameters")
        if params is not None and params.type == "identifier":
            self._declare(params, "")
        else:
            self._params(params)
        body = n.child_by_field_name("body")
        if body is not None:
            self._node(body)
        self.scopes.pop()

    def _instanceof_expression(self, n: SyntaxNode) -> None:
        self._node(n.child_by_field_name("left"))  # type: ignore[arg-type]  # grammar: required
        name = n.child_by_field_name("name")
        if name is not None:  # a pattern's binding reaches past the condition: the block's
            self._declare(name, _text(n.child_by_field_name("right")))
        for c in n.named_children:
            if c.type in ("record_pattern", "type_pattern"):
                for d in _walk(c):
                    if d.type == "identifier":
                        self._declare(d, "")

    def _labeled_statement(self, n: SyntaxNode) -> None:
        for c in n.named_children[1:]:  # the first is the label
            self._node(c)

    def _break_statement(self, n: SyntaxNode) -> None:
        return  # a label, if any

    _continue_statement = _break_statement

    def _method_reference(self, n: SyntaxNode) -> None:
        first = n.named_children[0] if n.named_children else None
        if first is not None and first.type not in ("identifier", "type_identifier"):
            self._node(first)

    def _scoped_identifier(self, n: SyntaxNode) -> None:
        return  # a qualified name (a package and its types)

    def _identifier(self, n: SyntaxNode) -> None:
        name = _text(n)
        declared = self._lookup(name)
        if declared is not None or name in self.env.free:
            return
        if _camel(name) and self._type_known(name):
            return
        if self.checking and (not self.env.open or name in self.locals):
            self.found.append(f"'{name}' is not declared here")
        self.unresolved.add(name)

    def _type_identifier(self, n: SyntaxNode) -> None:
        name = _text(n)
        if self._type_known(name) or name in self.env.free:
            return
        if self.checking and not self.env.open:
            self.found.append(f"type '{name}' is not declared or imported")
        self.unresolved.add(name)

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
            or any(name in s for s in self.scopes)  # a type parameter
        )

    def _method_invocation(self, n: SyntaxNode) -> None:
        obj = n.child_by_field_name("object")
        name = _text(n.child_by_field_name("name"))
        if obj is None:
            known = name in self.env.methods or name in self.env.free or self.env.open
            if self.checking and not known:
                self.found.append(f"no method '{name}' here")
            if name not in self.env.methods:
                self.unresolved.add(name)
        else:
            self._node(obj)
            self._member(obj, name, call=True)
        for c in n.named_children:
            if c.type in ("argument_list", "type_arguments"):
                self._node(c)

    def _field_access(self, n: SyntaxNode) -> None:
        obj = n.child_by_field_name("object")
        name = _text(n.child_by_field_name("field"))
        if obj is None:
            return
        if obj.type == "this" and name not in self.env.fields and name not in self.env.free:
            if self.checking and not self.env.open:
                self.found.append(f"no field '{name}' in this class")
            self.unresolved.add(name)
        if obj.type not in ("this", "super"):
            self._node(obj)
            self._member(obj, name, call=False)

    def _array_access(self, n: SyntaxNode) -> None:
        array = n.child_by_field_name("array")
        for c in n.named_children:
            self._node(c)
        declared = self._type_of(array)
        if self.checking and declared and not declared.endswith("]") and declared != "var":
            self.found.append(f"'{_text(array)}' ({declared}) is not an array")

    def _type_of(self, n: SyntaxNode | None) -> str:
        """The type of a variable as declared, of an element of an array variable, of a
        literal or of a negation (``""``: unknown or not one of these)."""
        while n is not None and n.type == "parenthesized_expression" and n.named_children:
            n = n.named_children[0]
        if n is None:
            return ""
        if n.type == "identifier":
            return self._lookup(_text(n)) or ""
        if n.type == "array_access":
            array = self._type_of(n.child_by_field_name("array"))
            return array[:-2] if array.endswith("[]") else ""
        if n.type == "unary_expression" and _text(n.child_by_field_name("operator")) == "!":
            return "boolean"
        return _LITERALS.get(n.type, "")

    def _member(self, obj: SyntaxNode, name: str, call: bool) -> None:
        """A member ``name`` of ``obj``: none on a primitive, only ``length`` (and Object's
        methods) on an array, no field and no ``length()`` on a collection or ``size`` on a
        String."""
        declared = self._type_of(obj)
        if not self.checking or not declared or declared == "var":
            return
        what = f"'{_text(obj)}' ({declared})"
        if declared in _PRIMITIVES:
            self.found.append(f"{what} has no members")
        elif declared.endswith("]"):
            if (call and name not in _ARRAY_METHODS) or (not call and name != "length"):
                self.found.append(f"an array {what} has no '{name}'")
        elif _base(declared) in _COLLECTIONS and (not call or name == "length"):
            self.found.append(f"{what} has no '{name}'")
        elif _base(declared) == "String" and (not call or name == "size"):
            self.found.append(f"{what} has no '{name}'")

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
        if op in _COMPARISON | _CONDITION_OPS and _same(left, right):
            floating = any(self._type_of(x).rstrip("[]") in _FLOATING | {""} for x in _names(left))
            if op in _ORDER or op in _CONDITION_OPS or not floating:
                self.found.append(f"'{_text(n)}' compares an expression with itself")
        types = {_base(self._type_of(left)), _base(self._type_of(right))}
        if op in _ORDER and (clash := types & {"String", "boolean", "Boolean"}):
            self.found.append(f"'{op}' on a {min(clash)}")
        if op in _CONDITION_OPS and types & _NUMERIC:
            self.found.append(f"'{op}' on a number")

    def _condition(self, n: SyntaxNode) -> None:
        """A condition that is a number (``if (n)``, ``!a[i]``)."""
        while n.type == "parenthesized_expression" and n.named_children:
            n = n.named_children[0]
        if self.checking and self._type_of(n) in _NUMERIC:
            self.found.append(f"'{_text(n)}' ({self._type_of(n)}) is not a condition")

    def _if_statement(self, n: SyntaxNode) -> None:
        self._condition(n.child_by_field_name("condition"))  # type: ignore[arg-type]  # required
        for c in n.named_children:
            self._node(c)

    _while_statement = _if_statement
    _do_statement = _if_statement
    _ternary_expression = _if_statement

    def _unary_expression(self, n: SyntaxNode) -> None:
        if _text(n.child_by_field_name("operator")) == "!":
            self._condition(n.child_by_field_name("operand"))  # type: ignore[arg-type]  # required
        for c in n.named_children:
            self._node(c)

    def _assignment_expression(self, n: SyntaxNode) -> None:
        op, left, right = self._visit_operation(n)
        if not op:
            return
        if op in _USELESS_SELF and _same(left, right):
            self.found.append(f"'{_text(n)}' assigns a variable from itself")
        if op != "=" and right is not None and right.type == "assignment_expression":
            self.found.append(f"'{_text(n)}' nests an assignment in a compound assignment")


def _camel(name: str) -> bool:
    """Whether ``name`` is written as a type is (``ArrayList``, not ``MAX`` or ``size``)."""
    return name[:1].isupper() and any(c.islower() for c in name)


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


def _names(n: SyntaxNode | None) -> list[SyntaxNode]:
    return [] if n is None else [x for x in _walk(n) if x.type == "identifier"]


def _method_node(text: str, context: tuple[str, str] | None) -> SyntaxNode | None:
    """The one method of ``text`` (a member parsed alone in ``context``, by default
    :func:`~spancopy_core.lang.java.member_context`), or None if it does not parse."""
    before, after = context or member_context()
    doc = parse(before + text + after)
    if doc.tree.root_node.has_error or not doc.methods:
        return None
    return doc.method_node(doc.methods[0])


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
    return _Checker(env or Environment()).problems(node)
