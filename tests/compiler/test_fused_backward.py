"""Graph mode runs the fused backward kernels that bprops offer (passes.fuse_offered): the
attention's and LayerNorm's gradients in a compiled step are those of float64 central
differences of NumPy forwards, the executed graph calls the fused kernels, and a gradient
of the gradient still differentiates the composed form."""
import numpy as np

import spore as ms
from spore import Tensor, nn, ops

RNG = np.random.default_rng(11)
L, N, E, HEADS = 3, 2, 4, 2
X = RNG.standard_normal((L, N, E)).astype(np.float32)
COTANGENT = RNG.standard_normal((L, N, E))


def _central_differences(f, x, step=1e-6):
    grad = np.zeros_like(x)
    for index in np.ndindex(x.shape):
        up, down = x.copy(), x.copy()
        up[index] += step
        down[index] -= step
        grad[index] = (f(up) - f(down)) / (2 * step)
    return grad


def _attention(x, w, b, w_out, b_out):
    """nn.MultiheadAttention's self-attention output (L, N, E), in float64."""
    q, k, v = np.split(x @ w.T + b, 3, axis=-1)
    d = E // HEADS

    def heads(t):  # (N, H, L, d)
        return t.reshape(L, N, HEADS, d).transpose(1, 2, 0, 3)
    s = heads(q) @ heads(k).transpose(0, 1, 3, 2) / np.sqrt(d)
    p = np.exp(s - s.max(-1, keepdims=True))
    p /= p.sum(-1, keepdims=True)
    out = (p @ heads(v)).transpose(2, 0, 1, 3).reshape(L, N, E)
    return out @ w_out.T + b_out


def _executed_prims(step) -> list:
    (program,) = step.cache.programs.values()
    return [type(n.prim).__name__ for n in program.graph.body.nodes if n.kind == "apply"]


def test_attention_gradient_runs_fused_and_matches_differences():
    attention = nn.MultiheadAttention(E, HEADS)
    weights = [p.asnumpy().astype(np.float64) for p in (attention.in_proj_weight, attention.in_proj_bias,
                                                         attention.out_proj.weight, attention.out_proj.bias)]
    cotangent = Tensor(COTANGENT.astype(np.float32))
    grad_fn = ms.jit(ms.grad(lambda x: (attention(x, x, x, need_weights=False)[0] * cotangent).sum(), 0))
    dx = grad_fn(Tensor(X)).asnumpy()
    expected = _central_differences(lambda x: (_attention(x, *weights) * COTANGENT).sum(), X.astype(np.float64))
    np.testing.assert_allclose(dx, expected, rtol=1e-4, atol=1e-5)
    prims = _executed_prims(grad_fn)
    assert "ScaledDotProductAttentionGrad" in prims and "Softmax" not in prims


def test_layer_norm_gradient_runs_fused_and_matches_differences():
    norm = nn.LayerNorm((E,), begin_norm_axis=-1, begin_params_axis=-1)
    gamma = RNG.standard_normal(E).astype(np.float32)
    norm.gamma.set_data(Tensor(gamma))
    cotangent = Tensor(COTANGENT.astype(np.float32))
    grad_fn = ms.jit(ms.grad(lambda x: (norm(x) * cotangent).sum(), 0, norm.trainable_params()))
    dx, (dgamma, dbeta) = grad_fn(Tensor(X))

    def forward(x, g):
        centered = x - x.mean(-1, keepdims=True)
        return centered / np.sqrt((centered ** 2).mean(-1, keepdims=True) + 1e-7) * g

    x64, gamma64 = X.astype(np.float64), gamma.astype(np.float64)
    expected = _central_differences(lambda x: (forward(x, gamma64) * COTANGENT).sum(), x64)
    np.testing.assert_allclose(dx.asnumpy(), expected, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(dgamma.asnumpy(), (forward(x64, 1.0) * COTANGENT).sum((0, 1)), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(dbeta.asnumpy(), COTANGENT.sum((0, 1)), rtol=1e-5, atol=1e-5)
    assert "LayerNormGrad" in _executed_prims(grad_fn)


def test_second_order_differentiates_the_composed_attention_gradient():
    attention = nn.MultiheadAttention(E, HEADS)
    weights = [p.asnumpy().astype(np.float64) for p in (attention.in_proj_weight, attention.in_proj_bias,
                                                         attention.out_proj.weight, attention.out_proj.bias)]
    cotangent = Tensor(COTANGENT.astype(np.float32))
    first = ms.grad(lambda x: (attention(x, x, x, need_weights=False)[0] * cotangent).sum(), 0)
    second = ms.jit(ms.grad(lambda x: ops.sum(first(x) ** 2), 0))
    d2 = second(Tensor(X)).asnumpy()

    def first_np(x):
        return _central_differences(lambda y: (_attention(y, *weights) * COTANGENT).sum(), x, 1e-5)
    expected = _central_differences(lambda x: (first_np(x) ** 2).sum(), X.astype(np.float64), 1e-4)
    np.testing.assert_allclose(d2, expected, rtol=2e-3, atol=2e-3)
