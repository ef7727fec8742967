"""Code generation: the source of a rewritten network, and the network built from it.

Each tree becomes a class `<Name>Opt(<Name>, nn.Cell)`: it derives from the original class
(so its other methods stay), its `__init__(obj)` takes over the state of the original Cell
`obj` (the same Parameters and sub-Cells) and swaps each parsed sub-network for its own
rewritten class, and its `construct` is written from the tree's nodes. Sub-networks'
classes come first in the module, and before them the parsed user functions constructs
call, rewritten under their own names (so the code calls them, not the originals). The
module binds every global its code reads to the object construct's module holds under
that name.

The module is compiled under a file name registered in `linecache`, so that Graph mode
(which reads construct's source) compiles the rewritten network as any user's Cell.
"""
from __future__ import annotations

import ast
import copy
import itertools
import linecache
import sys
import types

from .namer import Namer
from .node_impl import body_statements
from .node_type import NodeType

_HEADER = ["import sys", "from spore import nn", "from spore.rewrite.codegen import adopt_network, with_member"]
_module_count = itertools.count()


_NOT_ADOPTED = ("_graph_cache",)
"""State of a Cell that belongs to its code, not its values: the graphs compiled from its construct."""


def adopt_network(new_cell, origin) -> None:
    """Give `new_cell` the state of the Cell `origin`: the same attribute values (Parameters,
    sub-Cells, settings), in registries of its own so that later changes stay apart."""
    for key, value in vars(origin).items():
        if key in _NOT_ADOPTED:
            continue
        object.__setattr__(new_cell, key, copy.copy(value) if isinstance(value, (dict, set, list)) else value)


def with_member(container, key: str, cell):
    """A copy of the Cell container `container` whose member `key` is `cell` (the original
    container, which the original network holds, is left as it is)."""
    new_container = type(container).__new__(type(container))
    adopt_network(new_container, container)
    new_container.insert_child_to_cell(key, cell)
    return new_container


class ModuleSource:
    """The generated module of a root tree: its text and the objects its names are bound to."""

    def __init__(self, root):
        if root.network is None:
            raise RuntimeError(f"For 'SymbolTree', the tree of function '{root.class_name}' is written with the "
                               f"network that calls it: use that network's SymbolTree.")
        self.namespace: dict = {"sys": sys}
        self.lines = list(_HEADER)
        self.definitions: list[ast.stmt] = []
        self.class_names: dict[int, str] = {}
        self._function_names: dict[int, str] = {}
        self._names = Namer(["sys", "nn", "adopt_network", "with_member"])
        self._add_tree(root)
        self.root_class = self.class_names[id(root)]

    def text(self) -> str:
        module = ast.Module(self.definitions, [])
        return "\n".join(self.lines) + "\n\n" + ast.unparse(ast.fix_missing_locations(module)) + "\n"

    def _add_tree(self, tree) -> None:
        self._add_functions(tree)
        for node in tree.all_nodes(nested=True):
            if node.node_type == NodeType.Tree and node.sub_tree is not None and id(node.sub_tree) not in \
                    self.class_names:
                self._add_tree(node.sub_tree)
        construct = self._construct(tree)
        base = self._bind(tree.cls.__name__, tree.cls)
        self._bind_free_names(tree, construct)
        class_name = tree.class_name
        self._names.taken.add(class_name)
        self.class_names[id(tree)] = class_name
        body = [self._init(tree), construct]
        bases = [ast.Name(base, ast.Load()), ast.Attribute(ast.Name("nn", ast.Load()), "Cell", ast.Load())]
        self.definitions.append(ast.ClassDef(name=class_name, bases=bases, keywords=[], body=body,
                                             decorator_list=[]))

    def _add_functions(self, tree) -> None:
        """Write the parsed user functions `tree` calls (each once, callees first)."""
        for node in tree.all_nodes(nested=True):
            function_tree = node.sub_tree
            if node.node_type != NodeType.CallFunction or function_tree is None or \
                    id(function_tree) in self._function_names:
                continue
            self._function_names[id(function_tree)] = function_tree.class_name
            self._add_functions(function_tree)
            statements = body_statements(function_tree.nodes, self._custom_object_name)
            definition = ast.FunctionDef(function_tree.class_name, _signature(function_tree, with_self=False),
                                         statements, [], None)
            self._bind_free_names(function_tree, definition)
            self._names.taken.add(function_tree.class_name)
            self.definitions.append(definition)

    def _bind_free_names(self, tree, definition: ast.FunctionDef) -> None:
        """Bind the globals `definition` (written from `tree`) reads, but the functions written here."""
        closure = _closure_values(tree.function)
        for name in _free_names(definition):
            if name in self._function_names.values():
                continue
            if name in tree.extra_globals:
                self._bind(name, tree.extra_globals[name], keep_name=True)
            elif name in closure:
                self._bind(name, closure[name], keep_name=True)
            elif name in tree.function.__globals__:
                self._bind_global(name, tree)

    def _construct(self, tree) -> ast.FunctionDef:
        custom = self._custom_object_name
        statements = body_statements(tree.nodes, custom)
        return ast.FunctionDef("construct", _signature(tree, with_self=True), statements, [], None)

    def _init(self, tree) -> ast.FunctionDef:
        lines = ["nn.Cell.__init__(self)", "adopt_network(self, obj)"]
        for node in tree.all_nodes(nested=True):
            if node.node_type != NodeType.Tree or node.sub_tree is None:
                continue
            sub_class = self.class_names[id(node.sub_tree)]
            if node.member_of is None:
                attr = node.func.attr
                lines.append(f"self.insert_child_to_cell({attr!r}, {sub_class}(self.{attr}))")
            else:
                attr, key = node.member_of.func.attr, node.member_key
                lines.append(f"self.insert_child_to_cell({attr!r}, with_member(self.{attr}, {key!r}, "
                             f"{sub_class}(getattr(self.{attr}, {key!r}))))")
        body = [ast.parse(line).body[0] for line in dict.fromkeys(lines)]
        args = ast.arguments([], [ast.arg("self"), ast.arg("obj")], None, [], [], None, [])
        return ast.FunctionDef("__init__", args, body, [], None)

    def _custom_object_name(self, obj) -> str:
        return self._bind("custom_obj", obj)

    def _bind(self, name: str, obj, keep_name: bool = False) -> str:
        """Bind `obj` to a module name (`name`, or a free variant of it unless `keep_name`)."""
        for bound, value in self.namespace.items():
            if value is obj and (bound == name or not keep_name):
                return bound
        if not keep_name:
            name = self._names.make(name)
        else:
            self._names.taken.add(name)
        self.namespace[name] = obj
        module, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", "")
        if module in sys.modules and qualname and "<" not in qualname and \
                _lookup(sys.modules[module], qualname) is obj:
            self.lines.append(f"{name} = {_access(module, qualname)}")
        else:
            self.lines.append(f"# '{name}' is bound to {type(obj).__name__} object when the network is built")
        return name

    def _bind_global(self, name: str, tree) -> None:
        globals_ = tree.function.__globals__
        obj = globals_[name]
        if self.namespace.get(name, obj) is not obj:
            raise RuntimeError(f"For 'SymbolTree', the global name '{name}' means different objects in the "
                               f"networks being rewritten together.")
        if name in self.namespace:
            return
        self.namespace[name] = obj
        self._names.taken.add(name)
        self.lines.append(f"{name} = getattr(sys.modules[{globals_['__name__']!r}], {name!r})")


def build_network(root, origin):
    """A new Cell running the rewritten code of `root`, holding the state of `origin`."""
    source = ModuleSource(root)
    text = source.text()
    module_name = f"{source.root_class}_{next(_module_count)}"
    filename = f"<rewrite>/{module_name}.py"
    linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
    module = types.ModuleType(module_name)
    module.__dict__.update(source.namespace)
    module.__file__ = filename
    # Should linecache be cleared, it reads the source again from the module's loader.
    module.__loader__ = _SourceLoader(text)
    sys.modules[module_name] = module
    exec(compile(text, filename, "exec"), module.__dict__)
    return getattr(module, source.root_class)(origin)


class _SourceLoader:
    """The loader of a generated module: it only gives back the module's source."""

    def __init__(self, text: str):
        self.text = text

    def get_source(self, name: str) -> str:
        return self.text


def _signature(tree, with_self: bool) -> ast.arguments:
    """The arguments of construct (`with_self`) or of a function from the tree's input nodes."""
    inputs = [n for n in tree.nodes if n.form == "input"]
    of_kind = {kind: [n for n in inputs if n.arg_kind == kind] for kind in ("posonly", "arg", "vararg", "kwonly",
                                                                           "kwarg")}
    positional = of_kind["posonly"] + of_kind["arg"]
    defaults = [n.default for n in positional]
    first_default = next((i for i, d in enumerate(defaults) if d is not None), len(defaults))
    first = [ast.arg("self")] if with_self else []
    return ast.arguments(
        posonlyargs=first + [ast.arg(n.targets[0].value) for n in of_kind["posonly"]] if of_kind["posonly"] else [],
        args=([] if of_kind["posonly"] else first) + [ast.arg(n.targets[0].value) for n in of_kind["arg"]],
        vararg=ast.arg(of_kind["vararg"][0].targets[0].value) if of_kind["vararg"] else None,
        kwonlyargs=[ast.arg(n.targets[0].value) for n in of_kind["kwonly"]],
        kw_defaults=[n.default for n in of_kind["kwonly"]],
        kwarg=ast.arg(of_kind["kwarg"][0].targets[0].value) if of_kind["kwarg"] else None,
        defaults=defaults[first_default:])


def _free_names(function: ast.FunctionDef) -> list[str]:
    """The names `function` reads but never binds: its globals (and builtins)."""
    bound = {a.arg for a in ast.walk(function.args) if isinstance(a, ast.arg)}
    bound |= {n.id for n in ast.walk(function) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    loaded = [n.id for n in ast.walk(function) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)]
    return [name for name in dict.fromkeys(loaded) if name not in bound]


def _closure_values(function) -> dict:
    """{name: value} of the variables `function` reads from enclosing functions."""
    cells = function.__closure__ or ()
    found = {}
    for name, cell in zip(function.__code__.co_freevars, cells):
        try:
            found[name] = cell.cell_contents
        except ValueError:  # a variable of the enclosing function not assigned yet
            continue
    return found


def _lookup(module, qualname: str):
    obj = module
    for part in qualname.split("."):
        obj = getattr(obj, part, None)
    return obj


def _access(module: str, qualname: str) -> str:
    first, *rest = qualname.split(".")
    return f"getattr(sys.modules[{module!r}], {first!r})" + "".join(f".{part}" for part in rest)
