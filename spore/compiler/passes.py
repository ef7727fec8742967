"""Optimization passes over a built graph. (Inlining, constant folding and the choice of
branches with constant conditions already happened while the parser built the graph.)

- common subexpression elimination: a pure primitive applied again to the same inputs
  with the same attributes reuses the first result;
- dead code elimination: nodes whose results nothing uses are dropped, except side
  effects, which keep their place in program order;
- fusion of a convolution's input and weight gradients (the pair its bprop emits) into
  one kernel call;
- for execution only (not export, `prepare_for_execution`): a product by a OnesLike
  (a gradient's sensitivity 1) replaced by the other factor; a sparse softmax cross
  entropy and its gradient on the same logits from one log-softmax; a ReLU that only a
  max pool reads moved after it (with the gradients of both); 2-D convolutions
  on channels-last input, so that the convolution, activation and pooling chains after
  them run in the layout that is fastest on the CPU; an optimizer's updates of many
  Parameters as one call of its multi-tensor kernel; the fused kernels bprops offer in
  place of the composed nodes they emitted (the fused attention backward); large float32
  linear layers on oneDNN's kernel (linear_layers.py); reductions right after their
  input is made (early_reductions.py); elementwise results written over an input that
  dies there (in_place.py).
"""
from __future__ import annotations

from .._kernels.conv import input_and_weight_gradient, is_small_convolution
from .._kernels.layout import filter_gradient_on_channels_last, on_channels_last_input, pool_gradient_on_channels_last
from .._kernels.nn import sparse_softmax_cross_entropy_and_gradient
from .._kernels.registry import MULTI_TENSOR_KERNELS, build_multi_tensor_kernel
from ..common import dtype as mstype
from ..common.tensor import Tensor
from .early_reductions import reduce_while_cached
from .in_place import reuse_dying_inputs
from .ir import Block, FusedKernel, FusedUpdate, Graph, Node, NumpyOutput, ScalarOutput, Value, flat_atoms, flat_values
from .linear_layers import run_linear_layers_on_onednn

_INPUT_GRADIENTS = ("Conv1DBackpropInput", "Conv2DBackpropInput")
_WEIGHT_GRADIENTS = ("Conv1DBackpropFilter", "Conv2DBackpropFilter")


def eliminate_common_subexpressions(graph: Graph) -> None:
    replaced: dict = {}
    _cse_block(graph.body, {}, replaced)
    graph.output = substitute(graph.output, replaced)


def _cse_block(block: Block, seen: dict, replaced: dict) -> None:
    kept = []
    for node in block.nodes:
        node.inputs = substitute(node.inputs, replaced)
        for sub in node.blocks.values():
            _cse_block(sub, dict(seen), replaced)
        if node.kind == "apply" and node.prim.pure:
            key = (type(node.prim), repr(node.prim.attrs), _key(node.inputs))
            previous = seen.get(key)
            if previous is not None:
                replaced.update(zip(node.outputs, previous.outputs))
                continue
            seen[key] = node
        kept.append(node)
    block.nodes = kept
    block.results = substitute(block.results, replaced)


def _key(atoms):
    if isinstance(atoms, Value):
        return atoms.id
    if type(atoms) in (tuple, list):
        return (type(atoms).__name__,) + tuple(_key(a) for a in atoms)
    if isinstance(atoms, (int, float, str, bool, type(None))):
        return (type(atoms).__name__, atoms)
    return ("object", id(atoms))


def substitute(atoms, replaced: dict):
    """`atoms` (an atom or a nest of them) with each Value in `replaced` replaced."""
    if isinstance(atoms, Value):
        return replaced.get(atoms, atoms)
    if type(atoms) in (tuple, list):
        return type(atoms)(substitute(a, replaced) for a in atoms)
    if type(atoms) is dict:
        return {k: substitute(v, replaced) for k, v in atoms.items()}
    if isinstance(atoms, NumpyOutput):
        return NumpyOutput(substitute(atoms.value, replaced))
    if isinstance(atoms, ScalarOutput):
        return ScalarOutput(substitute(atoms.value, replaced), atoms.kind)
    return atoms


def eliminate_dead_code(graph: Graph) -> None:
    live: set = set()
    _mark(graph.output, live)
    _dce_block(graph.body, live)


def _dce_block(block: Block, live: set) -> None:
    """Drop the nodes of `block` whose results nothing live uses, keeping side effects."""
    _mark(block.results, live)
    kept = []
    for node in reversed(block.nodes):
        keep = _has_effect(node) or any(v in live for v in node.outputs)
        if keep:
            for sub in node.blocks.values():
                _dce_block(sub, live)
            kept.append(node)
            _mark(node.inputs, live)
    block.nodes = kept[::-1]


def _has_effect(node) -> bool:
    return node.kind == "effect" or any(_has_effect(n) for sub in node.blocks.values() for n in sub.nodes)


def _mark(atoms, live: set) -> None:
    live.update(flat_values(atoms))


def fuse_convolution_gradients(graph: Graph) -> None:
    _fuse_block(graph.body)


def _fuse_block(block: Block) -> None:
    for node in block.nodes:
        for sub in node.blocks.values():
            _fuse_block(sub)
    input_grads, weight_grads = {}, {}
    for index, node in enumerate(block.nodes):
        if node.kind != "apply":
            continue
        name = type(node.prim).__name__
        if name in _INPUT_GRADIENTS:
            input_grads.setdefault(node.inputs[0], []).append(index)
        elif name in _WEIGHT_GRADIENTS:
            weight_grads.setdefault(node.inputs[0], []).append(index)
    defined_at = {v: i for i, node in enumerate(block.nodes) for v in node.outputs}
    fused, removed = {}, set()
    for dout, input_indices in input_grads.items():
        for i in input_indices:
            for j in weight_grads.get(dout, ()):
                if j in removed or i in removed:
                    continue
                a, b = block.nodes[i], block.nodes[j]
                if not _same_convolution(a.prim, b.prim):
                    continue
                x, w = b.inputs[1], a.inputs[1]
                first = min(i, j)
                if any(defined_at.get(v, -1) >= first for v in (x, w) if isinstance(v, Value)):
                    continue
                kernel = FusedKernel(f"{a.prim.name}+{b.prim.name}", input_and_weight_gradient(a.prim, b.prim),
                                     (a.prim, b.prim))
                fused[first] = Node("apply", kernel, (dout, x, w), a.outputs + b.outputs, a.location,
                                    tuple_output=True)
                removed.add(max(i, j))
                removed.add(first)
    if fused:
        block.nodes = [fused.get(i, node) for i, node in enumerate(block.nodes) if i in fused or i not in removed]


def _same_convolution(input_prim, weight_prim) -> bool:
    return (input_prim.window == weight_prim.window and input_prim.group == weight_prim.group
            and input_prim.rank == weight_prim.rank and input_prim.attrs.get("data_format", "NCHW") == "NCHW"
            and weight_prim.attrs.get("data_format", "NCHW") == "NCHW")


def optimize(graph: Graph) -> Graph:
    eliminate_common_subexpressions(graph)
    eliminate_dead_code(graph)
    fuse_convolution_gradients(graph)
    return graph


def prepare_for_execution(graph: Graph) -> Graph:
    """The rewrites that pay when the graph runs as kernels (an exported graph keeps one
    node per primitive)."""
    fuse_offered(graph)
    eliminate_multiplications_by_ones(graph)
    _fuse_cross_entropy_block(graph.body)
    pool_before_relu(graph)
    lay_out_channels_last(graph)
    run_linear_layers_on_onednn(graph)
    fuse_parameter_updates(graph)
    reduce_while_cached(graph)
    reuse_dying_inputs(graph)
    return graph


def fuse_offered(graph: Graph) -> None:
    """For each fused kernel a bprop offered (Value.fused_as) whose composed outputs are all
    still computed in the graph's body, and used only after the last of them: one node of
    the kernel there, its outputs replacing the composed ones, which then die unless
    something else (a higher-order gradient) uses their intermediate values."""
    body = graph.body.nodes
    defined = {v: i for i, node in enumerate(body) for v in node.outputs}
    first_use: dict = {}
    for i, node in enumerate(body):
        for v in _values_read(node):
            first_use.setdefault(v, i)
    records = {id(v.fused_as): v.fused_as for v in defined if v.fused_as is not None}
    inserted, replaced = {}, {}
    for prim, inputs, outputs in records.values():
        if not all(o in defined for o in outputs):
            continue
        at = max(defined[o] for o in outputs)
        if any(first_use.get(o, at + 1) <= at for o in outputs):
            continue
        if not all(defined.get(v, -1) < at and (v in defined or v in graph.inputs) for v in inputs):
            continue
        new = tuple(Value(o.spec) for o in outputs)
        inserted[at] = Node("apply", prim, inputs, new, body[at].location, tuple_output=True)
        replaced.update(zip(outputs, new))
    if not inserted:
        return
    graph.body.nodes = [n for i, node in enumerate(body) for n in ((node, inserted[i]) if i in inserted else (node,))]
    substitute_block(graph.body, replaced)
    graph.output = substitute(graph.output, replaced)
    eliminate_dead_code(graph)


def eliminate_multiplications_by_ones(graph: Graph) -> None:
    """A Mul of x by a OnesLike (the sensitivity 1 that a gradient starts from, multiplied
    in by the loss's bprop) is x itself, exactly, when the product has x's shape and dtype:
    its uses read x, and the Mul and OnesLike die. Not for a product the graph returns (it
    would be the same tensor as x)."""
    body = graph.body.nodes
    ones = {node.outputs[0] for node in body if node.kind == "apply" and type(node.prim).__name__ == "OnesLike"}
    returned = set(flat_values(graph.output))
    replaced = {}
    for node in body:
        if (node.kind != "apply" or type(node.prim).__name__ != "Mul" or len(node.inputs) != 2
                or node.outputs[0] in returned):
            continue
        product = node.outputs[0]
        for x, other in (node.inputs, node.inputs[::-1]):
            if (isinstance(other, Value) and other in ones and isinstance(x, Value) and x.spec == product.spec
                    and _static_spec(x)):
                replaced[product] = replaced.get(x, x)
                break
    if replaced:
        substitute_block(graph.body, replaced)
        eliminate_dead_code(graph)


def _static_spec(value: Value) -> bool:
    return all(type(n) is int and n >= 0 for n in value.spec.shape)


def _values_read(node):
    yield from flat_values(node.inputs)
    for sub in node.blocks.values():
        for inner in sub.nodes:
            yield from _values_read(inner)
        yield from flat_values(sub.results)


def substitute_block(block: Block, replaced: dict) -> None:
    """`substitute` over the inputs of every node of `block` (and their blocks) and its results."""
    for node in block.nodes:
        node.inputs = substitute(node.inputs, replaced)
        for sub in node.blocks.values():
            substitute_block(sub, replaced)
    block.results = substitute(block.results, replaced)


def _fuse_cross_entropy_block(block: Block) -> None:
    """SparseSoftmaxCrossEntropyWithLogits and its is_grad twin on the same (logits,
    labels): one node computing both where the first of them was."""
    for node in block.nodes:
        for sub in node.blocks.values():
            _fuse_cross_entropy_block(sub)
    first: dict = {}
    fused, removed = {}, set()
    for index, node in enumerate(block.nodes):
        if node.kind != "apply" or type(node.prim).__name__ != "SparseSoftmaxCrossEntropyWithLogits":
            continue
        key = _key(node.inputs)
        other = first.get(key)
        if other is None:
            first[key] = index
            continue
        pair = {block.nodes[other].prim.is_grad: block.nodes[other], node.prim.is_grad: node}
        if len(pair) != 2 or other in fused:
            continue
        loss, grad = pair[False], pair[True]
        kernel = FusedKernel(f"{loss.prim.name}+{grad.prim.name}", sparse_softmax_cross_entropy_and_gradient,
                             (loss.prim, grad.prim))
        fused[other] = Node("apply", kernel, loss.inputs, loss.outputs + grad.outputs, loss.location,
                            tuple_output=True)
        removed.add(index)
    if fused:
        block.nodes = [fused.get(i, node) for i, node in enumerate(block.nodes) if i not in removed]


def pool_before_relu(graph: Graph) -> None:
    """A ReLU whose output only a MaxPool reads (and the gradients of both) runs after the
    pool, on the pooled tensor (a quarter of the size for 2x2 windows), and so does its
    gradient: max commutes with the ReLU, a monotone function, so the values are the same
    (up to the sign of a zero), the pool's gradient reaches the same positions (where the
    window's maximum is positive; where it is not, the ReLU's gradient zeroes the window's
    gradient either way). Rewrites, in the graph's body,

        r = ReLU(x); p = MaxPool(r); ...; dr = MaxPoolGrad(r, p, g); dx = ReluGrad(dr, r)
    into
        q = MaxPool(x); p = ReLU(q); ...; dq = ReluGrad(g, p); dx = MaxPoolGrad(x, q, dq)"""
    body = graph.body.nodes
    readers: dict = {}
    for node in body:
        for value in set(_values_read(node)):
            readers.setdefault(value, []).append(node)
    returned = set(flat_values(graph.output))
    position = {id(node): i for i, node in enumerate(body)}
    for relu in [n for n in body if _applies(n, "ReLU")]:
        r = relu.outputs[0]
        pattern = _relu_pool_pattern(r, readers.get(r, ()), readers, returned)
        if pattern is None:
            continue
        pool, gradients = pattern
        q = Value(pool.outputs[0].spec)
        relu.inputs, relu.outputs, pool.inputs, pool.outputs = (q,), pool.outputs, relu.inputs, (q,)
        _swap(body, position, relu, pool)
        for pool_grad, relu_grad in gradients:
            (g, dx), p = (pool_grad.inputs[2], relu_grad.outputs[0]), relu.outputs[0]
            dq = Value(p.spec)
            relu_grad.inputs, relu_grad.outputs = (g, p), (dq,)
            pool_grad.inputs, pool_grad.outputs = (pool.inputs[0], q, dq), (dx,)
            _swap(body, position, pool_grad, relu_grad)


def _applies(node, name: str) -> bool:
    return node.kind == "apply" and type(node.prim).__name__ == name


def _relu_pool_pattern(r, r_readers, readers: dict, returned: set):
    """(the MaxPool of r, [(MaxPoolGrad, ReluGrad)]) when r's readers are one MaxPool and
    pairs of its gradient and the ReLU's gradient on it (nothing else reading the pool's
    gradient), else None."""
    if r in returned:
        return None
    pools = [n for n in r_readers if _applies(n, "MaxPool") and n.inputs == (r,)]
    if len(pools) != 1:
        return None
    (pool,) = pools
    gradients, paired = [], {id(pool)}
    for node in r_readers:
        if not (_applies(node, "MaxPoolGrad") and node.inputs[:2] == (r, pool.outputs[0])
                and node.prim.attrs == pool.prim.attrs):
            continue
        dr = node.outputs[0]
        relu_grads = readers.get(dr, ())
        if (dr in returned or len(relu_grads) != 1 or not _applies(relu_grads[0], "ReluGrad")
                or relu_grads[0].inputs != (dr, r)):
            return None
        gradients.append((node, relu_grads[0]))
        paired.update((id(node), id(relu_grads[0])))
    if any(id(n) not in paired for n in r_readers):
        return None
    return pool, gradients


def _swap(body: list, position: dict, a, b) -> None:
    """Exchange the places of nodes a and b in `body` (and in `position`)."""
    i, j = position[id(a)], position[id(b)]
    body[i], body[j] = b, a
    position[id(a)], position[id(b)] = j, i


def lay_out_channels_last(graph: Graph) -> None:
    """Give each float32 NCHW 2-D convolution channels-last input, and record in
    `graph.relaid` every value computed from one (they may be channels-last), when the
    graph max-pools such a value: the pooling is what the layout speeds up (a
    convolution alone costs the same either way, and its sums come in another order).
    Not when some convolution is small enough for torch's unfold + GEMM kernels, which
    work in NCHW, nor with batch normalization (a ResNet-18 step with a max-pooled stem,
    64x64 at batch 8, was 7% slower channels-last). Graphs with control flow keep
    row-major layouts: their blocks' yields are not followed."""
    body = graph.body.nodes
    if any(node.blocks for node in body):
        return
    convolutions = [_runs_on_onednn(node) for node in body if _is_nchw_convolution(node)]
    if not all(convolutions):   # mixing layouts with the small ones' NCHW costs more than it saves
        return
    if any(type(node.prim).__name__.startswith("BatchNorm") for node in body if node.kind in ("apply", "effect")):
        return
    relaid: set = set()
    for node in body:
        if _is_nchw_convolution(node) or _reads(node, relaid):
            relaid.update(node.outputs)
    if not any(type(node.prim).__name__ in _POOLS and _reads(node, relaid) for node in body):
        return
    for node in body:
        if _is_nchw_convolution(node):
            _relay(node, on_channels_last_input(node.prim.kernel))
        elif _reads(node, relaid):
            filter_gradient = _filter_gradient_kind(node)
            if filter_gradient is not None and isinstance(node.inputs[0], Value) and node.inputs[0] in relaid:
                _relay(node, filter_gradient_on_channels_last(node.prim.kernel, filter_gradient == "both"))
            elif _is_pool_gradient(node) and node.inputs[0] in relaid:
                _relay(node, pool_gradient_on_channels_last(node.prim.kernel))
    graph.relaid = relaid


_POOLS = ("MaxPool",)
_POOL_GRADIENTS = ("MaxPoolGrad",)


def _reads(node, values: set) -> bool:
    return any(v in values for v in flat_values(node.inputs))


def _relay(node, kernel) -> None:
    """node's primitive run by `kernel`, a layout-changing wrapper of its own kernel."""
    merged = node.prim.merged if isinstance(node.prim, FusedKernel) else (node.prim,)
    node.prim = FusedKernel(f"{node.prim.name}[channels_last]", kernel, merged)


def _filter_gradient_kind(node) -> str | None:
    """'filter' for a 2-D convolution's weight gradient (dout, x, size), 'both' for its
    fused input and weight gradients (dout, x, w), else None."""
    if node.kind != "apply":
        return None
    merged = node.prim.merged if isinstance(node.prim, FusedKernel) else (node.prim,)
    names = tuple(type(p).__name__ for p in merged)
    if names == ("Conv2DBackpropFilter",):
        return "filter"
    if names == ("Conv2DBackpropInput", "Conv2DBackpropFilter"):
        return "both"
    return None


def _is_pool_gradient(node) -> bool:
    """A 2-D max pool's gradient (x, out, dout) on a 4-D x."""
    x = node.inputs[0] if node.kind == "apply" else None
    return (type(node.prim).__name__ in _POOL_GRADIENTS and isinstance(x, Value) and len(x.spec.shape) == 4
            and node.prim.attrs.get("data_format", "NCHW") == "NCHW")


def _is_nchw_convolution(node) -> bool:
    """A float32 NCHW 2-D convolution."""
    prim = node.prim
    if node.kind != "apply" or type(prim).__name__ != "Conv2D" or prim.attrs.get("data_format", "NCHW") != "NCHW":
        return False
    x = node.inputs[0]
    return isinstance(x, Value) and len(x.spec.shape) == 4 and x.spec.dtype == mstype.float32


def _runs_on_onednn(node) -> bool:
    """Whether a convolution is too large for torch's unfold + GEMM kernels (which work
    in NCHW)."""
    x, w = node.inputs[:2]
    w_shape = w.spec.shape if isinstance(w, Value) else tuple(w.shape)
    return not is_small_convolution(x.spec.shape[0], w_shape, node.outputs[0].spec.shape[2:], node.prim.window,
                                    node.prim.group)


# ---- an optimizer's updates as one multi-tensor call ------------------------------------------------
def fuse_parameter_updates(graph: Graph) -> None:
    """Runs of effect nodes in the graph's body that update Parameters with one optimizer
    primitive (same attributes, hyper-parameters and variable dtype; results unused) become
    one FusedUpdate node calling the primitive's multi-tensor kernel where the last of them
    was. The nodes between the members of a run stay before it; a run ends at a node that
    reads or writes one of its Parameters (it must see them updated) or has blocks. The
    multi-tensor kernel is the same rule as the per-parameter one, so the numbers do not
    change; only the calls do (one per run instead of one per Parameter, ATen's `_foreach`
    kernels instead of a few kernels per Parameter)."""
    used: set = set(flat_values(graph.output))
    mark_inputs(graph.body, used)
    nodes, run, segment, run_key, run_params = [], [], [], None, set()

    def flush():
        if len(run) >= 2:
            merged = set(map(id, run))
            nodes.extend(n for n in segment if id(n) not in merged)
            nodes.append(_fused_update(run))
        else:
            nodes.extend(segment)
        run.clear()
        segment.clear()
        run_params.clear()

    for node in graph.body.nodes:
        key = _update_key(node, used)
        params = _state_ids(node) if key is not None else set()
        if key is not None and (not run or key == run_key) and not params & run_params:
            run.append(node)
            segment.append(node)
            run_key = key
            run_params.update(params)
        elif run and key is None and not node.blocks and not _touches(node, run_params):
            segment.append(node)
        else:
            flush()
            if key is not None:
                run.append(node)
                run_key = key
                run_params.update(params)
            segment.append(node)
    flush()
    graph.body.nodes = nodes


def mark_inputs(block: Block, used: set) -> None:
    """Adds to `used` every Value the nodes of `block` (and their blocks) read or yield."""
    for node in block.nodes:
        used.update(flat_values(node.inputs))
        for sub in node.blocks.values():
            mark_inputs(sub, used)
            used.update(flat_values(sub.results))


def _update_key(node, used: set):
    """What an update must share with the others of its run to be merged with them, or None
    when `node` is no update that can be merged."""
    prim = node.prim
    positions = getattr(prim, "list_positions", None)
    if (node.kind != "effect" or positions is None or node.blocks
            or type(prim).__name__ not in MULTI_TENSOR_KERNELS):
        return None
    if any(v in used for v in node.outputs):
        return None
    states = [node.inputs[p] for p in prim.state_positions]
    if not all(isinstance(s, Tensor) for s in states):
        return None
    shared = tuple(a for i, a in enumerate(node.inputs) if i not in positions)
    return type(prim), repr(prim.attrs), states[0].dtype, _key(shared)


def _state_ids(node) -> set:
    return {id(node.inputs[p]) for p in node.prim.state_positions}


def _touches(node, params: set) -> bool:
    """Whether node reads or writes one of the Parameters (by id) in `params`."""
    if node.kind == "load":
        return id(node.param) in params
    return any(id(a) in params for a in flat_atoms(node.inputs))


def _fused_update(run: list) -> Node:
    prim = run[0].prim
    kernel = build_multi_tensor_kernel(type(prim).__name__, prim)
    positions = prim.list_positions
    inputs = tuple(tuple(node.inputs[i] for node in run) if i in positions else atom
                   for i, atom in enumerate(run[0].inputs))
    return Node("effect", FusedUpdate(prim, kernel, len(run)), inputs, (), run[0].location)
