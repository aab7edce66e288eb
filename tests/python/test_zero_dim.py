"""0-d arrays (shape ()), as numba.cuda has them: device arrays of one
element with no dimensions, kernel arguments read and written with `x[()]`,
and NumPy's errors for what a 0-d array has not (a length, iteration).
Expected values are numpy's or stated by hand."""
import numpy as np
import pytest

from pyjit import CompileError, cuda


def test_device_array_of_shape_empty_tuple_round_trips():
    d = cuda.device_array((), dtype=np.float64)
    assert (d.shape, d.strides, d.ndim, d.size, d.nbytes) == ((), (), 0, 1, 8)
    d[()] = 5
    assert d[()] == 5.0 and isinstance(d[()], np.float64)
    d[...] = 9
    host = d.copy_to_host()
    assert host.shape == () and host == 9.0
    d.copy_to_device(np.array(2.5))
    out = np.empty(())
    d.copy_to_host(out)
    assert out == 2.5
    cai = d.__cuda_array_interface__
    assert cai["shape"] == () and cai["strides"] is None and cai["typestr"] == "<f8"


def test_to_device_keeps_zero_dimensions_of_arrays_and_numpy_scalars():
    # np.ascontiguousarray would make these shape (1,): numba keeps ().
    assert cuda.to_device(np.array(3, dtype=np.int16)).shape == ()
    x = cuda.to_device(np.float32(2))
    assert x.shape == () and x.dtype == np.float32 and x.copy_to_host() == 2
    like = cuda.device_array_like(np.array(1, dtype=np.int32))
    assert like.shape == () and like.dtype == np.int32


def test_zero_dim_reshapes_and_refuses_len_and_iteration():
    d = cuda.to_device(np.array(4.0))
    assert d.reshape(1).shape == (1,) and d.ravel().shape == (1,)
    assert cuda.to_device(np.array([4.0])).reshape(()).shape == ()
    with pytest.raises(TypeError, match="len"):
        len(d)
    with pytest.raises(TypeError, match="iteration over a 0-d"):
        iter(d)


def test_kernel_reads_and_writes_a_zero_dim_device_array(jit):
    @jit
    def k(x, out):
        out[0] = x[()] * 2
        out[1] = x.size + x.ndim + len(x.shape)  # 1 + 0 + 0
        x[()] = 7.0

    d = cuda.to_device(np.array(3.5))
    out = np.zeros(2)
    k[1, 1](d, out)
    np.testing.assert_array_equal(out, [7.0, 1.0])
    assert d.copy_to_host() == 7.0


def test_kernel_writes_a_zero_dim_numpy_array_back(jit):
    @jit
    def k(acc, v):
        acc[...] = acc[()] + v[0]

    acc = np.array(1.25, dtype=np.float32)
    k[1, 1](acc, np.array([2.0], dtype=np.float32))
    assert acc.shape == () and acc == np.float32(3.25)


def test_atomic_add_into_a_zero_dim_accumulator(jit):
    @jit
    def total(x, acc):
        i = cuda.grid(1)
        if i < x.size:
            cuda.atomic.add(acc, (), x[i])

    x = np.arange(100, dtype=np.int64)
    acc = cuda.to_device(np.array(0, dtype=np.int64))
    total[4, 32](x, acc)
    assert acc.copy_to_host() == x.sum()


def test_zero_dim_signature_string_compiles_eagerly(jit):
    k = jit("void(array(float64, 0d, C), float64[:])")(_copy_out)
    out = np.zeros(1)
    k[1, 1](np.array(6.5), out)
    assert out[0] == 6.5


def _copy_out(x, out):
    out[0] = x[()]


@pytest.mark.parametrize("body, message", [
    ("out[0] = len(x)", r"len\(\) of a 0-d array"),
    ("for v in x:\n        out[0] = v", "iteration over a 0-d array"),
    ("a, = x", "cannot unpack a 0-d array"),
    ("out[0] = x[0]", "too many indices for a 0-d array: 1"),
    ("out[0] = x.shape[0]", "tuple index out of range"),
])
def test_zero_dim_misuse_is_a_compile_error(jit, body, message, tmp_path):
    src = tmp_path / "zero_dim_kernel.py"
    src.write_text("from pyjit import cuda\n\ndef k(x, out):\n    %s\n" % body)
    ns = {}
    exec(compile(src.read_text(), str(src), "exec"), ns)
    k = jit(ns["k"])
    with pytest.raises(CompileError, match=message) as info:
        k[1, 1](np.array(1.0), np.zeros(1))
    assert "zero_dim_kernel.py:4:" in str(info.value)


@pytest.mark.gpu
def test_zero_dim_cupy_and_torch_arguments():
    # Both take the launch fast path (ndim 0 is 1 parameter word, the pointer).
    cp = pytest.importorskip("cupy")
    torch = pytest.importorskip("torch")

    @cuda.jit
    def bump(x):
        x[()] += 1

    c = cp.array(41.0)
    t = torch.tensor(9, dtype=torch.int32, device="cuda")
    for _ in range(2):
        bump[1, 1](c)
        bump[1, 1](t)
    assert float(c) == 43.0 and int(t) == 11
    assert cuda.as_cuda_array(c).shape == ()


_G0 = np.array(2.5)


def test_zero_dim_globals_constant_and_on_the_device(jit):
    if type(jit).__name__ == "_CpuJit" and cuda.is_available():
        pytest.skip("CPU backend with a GPU present: the global device array is GPU memory")
    d0 = cuda.to_device(np.array(7))

    @jit
    def k(out):
        out[0] = _G0[()] + d0[()]
        d0[()] = 9

    out = np.zeros(1)
    k[1, 1](out)
    assert out[0] == 9.5 and d0.copy_to_host() == 9


def test_a_0d_integer_array_indexes_as_its_element(jit):
    # numba: "0-d array used as integer index" (numba-cuda's cache usecases
    # pass every argument through np.asarray, so an index arrives 0-d).
    @jit
    def k(r, ary, m, i, j):
        r[0] = ary[i]
        r[1] = m[i, j]
        ary[i] = 5.0

    r = np.zeros(2)
    a = np.array([10.0, 20.0])
    m = np.arange(6.0).reshape(2, 3)
    k[1, 1](r, a, m, np.asarray(1), np.asarray(-1, np.int32))
    assert r.tolist() == [20.0, 5.0] and a.tolist() == [10.0, 5.0]
