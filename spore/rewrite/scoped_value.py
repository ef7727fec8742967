"""ScopedValue: a value in the source of a rewritten network, an argument or a target of
a node: a name (`x`, `self.dense`), a constant (`2`, `'a'`), a tuple / list / dict of such
values, or a Python object with no source form (`CustomObjValue`)."""
from __future__ import annotations

import ast
from enum import Enum

from .checks import check_members, check_type


class ValueType(Enum):
    """The kinds of ScopedValue."""
    ConstantValue = 0
    TupleValue = 20
    ListValue = 21
    DictValue = 22
    NamingValue = 40
    CustomObjValue = 41
    UnsupportedValue = 50


_CONSTANT_TYPES = (int, float, str, bool, type(None))


class ScopedValue:
    """ScopedValue(arg_type, scope='', value=None).

    `value` is the name for a NamingValue (`scope` its owner, `self` in `self.dense`), the
    Python constant for a ConstantValue, a tuple / list / dict of ScopedValues for the
    container kinds, and the object itself for a CustomObjValue.
    """

    def __init__(self, arg_type: ValueType, scope: str = "", value=None):
        check_type("ScopedValue", "arg_type", arg_type, ValueType)
        check_type("ScopedValue", "scope", scope, str)
        self.type = arg_type
        self.scope = scope
        self.value = value

    @classmethod
    def create_variable_value(cls, value) -> ScopedValue:
        """A ScopedValue holding `value`: a constant, a container of constants (its members
        become ScopedValues), or any other object as a CustomObjValue."""
        if isinstance(value, ScopedValue):
            return value
        if isinstance(value, _CONSTANT_TYPES):
            return cls(ValueType.ConstantValue, "", value)
        if isinstance(value, tuple):
            return cls(ValueType.TupleValue, "", tuple(cls.create_variable_value(v) for v in value))
        if isinstance(value, list):
            return cls(ValueType.ListValue, "", [cls.create_variable_value(v) for v in value])
        if isinstance(value, dict):
            return cls(ValueType.DictValue, "", {k: cls.create_variable_value(v) for k, v in value.items()})
        return cls(ValueType.CustomObjValue, "", value)

    @classmethod
    def create_naming_value(cls, name: str, scope: str = "") -> ScopedValue:
        """The name `scope.name` (or `name` when `scope` is empty)."""
        check_type("ScopedValue", "name", name, str)
        check_type("ScopedValue", "scope", scope, str)
        return cls(ValueType.NamingValue, scope, name)

    @staticmethod
    def create_name_values(names, scopes=None) -> list:
        """One NamingValue per name of `names`, each in the scope at its index in `scopes`."""
        check_type("ScopedValue", "names", names, (list, tuple))
        check_members("ScopedValue", "names", names, str)
        if scopes is None:
            scopes = [""] * len(names)
        check_type("ScopedValue", "scopes", scopes, (list, tuple))
        check_members("ScopedValue", "scopes", scopes, str)
        if len(names) != len(scopes):
            raise ValueError("Length of names should be equal to length of scopes")
        return [ScopedValue.create_naming_value(name, scope) for name, scope in zip(names, scopes)]

    def __str__(self) -> str:
        if self.type == ValueType.NamingValue:
            return f"{self.scope}.{self.value}" if self.scope else str(self.value)
        if self.type == ValueType.CustomObjValue:
            return f"CustomObj: {self.value}"
        if self.type == ValueType.TupleValue:
            members = [str(v) for v in self.value]
            return f"({members[0]},)" if len(members) == 1 else f"({', '.join(members)})"
        if self.type == ValueType.ListValue:
            return f"[{', '.join(str(v) for v in self.value)}]"
        if self.type == ValueType.DictValue:
            return "{" + ", ".join(f"{k!r}: {v}" for k, v in self.value.items()) + "}"
        return str(self.value)

    __repr__ = __str__

    def __eq__(self, other) -> bool:
        if not isinstance(other, ScopedValue):
            return NotImplemented
        return (self.type, self.scope, self.value) == (other.type, other.scope, other.value)

    def __hash__(self) -> int:
        return hash((self.type, self.scope, str(self.value)))


def value_from_expr(expr: ast.expr) -> ScopedValue | None:
    """The ScopedValue of a simple expression (a name, a dotted name, a constant, a negated
    number), or None for anything else (which the parser moves to its own statement)."""
    if isinstance(expr, ast.Name):
        return ScopedValue.create_naming_value(expr.id)
    if isinstance(expr, ast.Attribute):
        scope = dotted_name(expr.value)
        return None if scope is None else ScopedValue.create_naming_value(expr.attr, scope)
    if isinstance(expr, ast.Constant) and isinstance(expr.value, _CONSTANT_TYPES):
        return ScopedValue(ValueType.ConstantValue, "", expr.value)
    if (isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub) and isinstance(expr.operand, ast.Constant)
            and isinstance(expr.operand.value, (int, float)) and not isinstance(expr.operand.value, bool)):
        return ScopedValue(ValueType.ConstantValue, "", -expr.operand.value)
    return None


def dotted_name(expr: ast.expr) -> str | None:
    """'a.b.c' for the expression `a.b.c` made of names only, else None."""
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute):
        owner = dotted_name(expr.value)
        return None if owner is None else f"{owner}.{expr.attr}"
    return None


def expr_of_value(value: ScopedValue, custom_name=None) -> ast.expr:
    """The source expression of `value`; a CustomObjValue is named by `custom_name(obj)`."""
    if value.type == ValueType.NamingValue:
        expr = None
        for part in [p for p in value.scope.split(".") if p] + [value.value]:
            expr = ast.Name(part, ast.Load()) if expr is None else ast.Attribute(expr, part, ast.Load())
        return expr
    if value.type == ValueType.TupleValue:
        return ast.Tuple([expr_of_value(v, custom_name) for v in value.value], ast.Load())
    if value.type == ValueType.ListValue:
        return ast.List([expr_of_value(v, custom_name) for v in value.value], ast.Load())
    if value.type == ValueType.DictValue:
        return ast.Dict([ast.Constant(k) for k in value.value], [expr_of_value(v, custom_name)
                                                                 for v in value.value.values()])
    if value.type == ValueType.CustomObjValue:
        if custom_name is None:
            raise RuntimeError(f"The value '{value}' has no source form here.")
        return ast.Name(custom_name(value.value), ast.Load())
    return ast.Constant(value.value)
