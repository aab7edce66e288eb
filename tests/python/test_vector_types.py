"""numba.cuda's CUDA vector types (cuda.float32x3, cuda.int2, ...): built in
kernels from numbers and vectors, read by .x/.y/.z/.w, passed to device
functions and kernels; expected values by hand."""
import numpy as np
import pytest

import pyjit
from pyjit import cuda
from pyjit.cuda import float32x3, uint32x2


@cuda.jit(device=True)
def _dot3(a, b):
    return a.x * b.x + a.y * b.y + a.z * b.z


@cuda.jit(device=True)
def _swap(v):
    return cuda.int32x2(v.y, v.x)


def test_construct_read_and_pass_to_device_functions(jit):
    @jit
    def k(out, iout):
        v = float32x3(1.0, 2.5, -1)      # an int component converts to float32
        w = cuda.float3(2, 2, 2)         # the alias is the same type
        out[0] = _dot3(v, w)
        u2 = uint32x2(7, 9)
        u4 = cuda.uint32x4(u2, u2)       # vectors' components in order
        u3 = cuda.uint3(np.uint32(1), u2)
        iout[0] = u4.x + u4.y + u4.z + u4.w
        iout[1] = u3.x * 100 + u3.y * 10 + u3.z
        c = cuda.char2(300, -1)          # int8: 300 wraps to 44, as a cast does
        iout[2] = c.x
        iout[3] = c.y
        s = _swap(cuda.int2(3, 4))
        iout[4] = s.x * 10 + s.y

    out = np.zeros(1, np.float32)
    iout = np.zeros(5, np.int64)
    k[1, 1](out, iout)
    assert out[0] == 2 * (1.0 + 2.5 - 1)
    assert iout.tolist() == [7 + 9 + 7 + 9, 100 + 70 + 9, 44, -1, 43]


def test_vector_kernel_argument_and_component_types(jit):
    @jit
    def k(v, d, out):
        out[0] = v.x + v.y + v.z
        out[1] = d.x / 3         # float64 components: no float32 rounding
        out[2] = cuda.double2(d.x, 1).y

    out = np.zeros(3)
    k[1, 1](float32x3(1, 2, 3), cuda.double1(1.0), out)
    assert out[0] == 6.0 and out[1] == 1.0 / 3 and out[2] == 1.0


def test_host_side_constructor():
    v = cuda.uint4(uint32x2(1, 2), 3, 4)
    assert v == (1, 2, 3, 4) and (v.x, v.w) == (1, 4)
    assert type(v) is cuda.uint32x4 and cuda.uint4 is cuda.uint32x4
    assert isinstance(v.x, np.uint32)
    assert cuda.long2 is cuda.int64x2 and cuda.double3 is cuda.float64x3
    with pytest.raises(TypeError, match=r"float32x3\(\) needs 3 components, got 2"):
        float32x3(1, 2)


@pytest.mark.parametrize("body, message", [
    ("v = cuda.float32x3(1.0, 2.0)", r"float32x3\(\) needs 3 components, got 2"),
    ("v = cuda.int4(1, 2, 3, 4, 5)", r"int32x4\(\) needs 4 components, got 5"),
    ("v = cuda.float2(out, 1)", r"float32x2\(\) takes numbers and vectors, not "
                                r"array\(float64, 1d, C\)"),
    ("v = cuda.float2(1j, 1)", r"float32x2\(\) takes numbers and vectors, not complex128"),
    ("v = cuda.float2(x=1, y=2)", r"float32x2\(\) takes its components by position"),
    ("v = cuda.float5(1, 2)", r"module 'cuda' has no attribute 'float5'"),
    ("v = cuda.float2(1, 2); v.x = 3", r"assignment to an attribute is not supported"),
])
def test_vector_errors_point_at_the_line(jit, tmp_path, body, message):
    from kernel_files import load_module
    m = load_module(tmp_path, "vec_errors", "from pyjit import cuda\n\n\ndef k(out):\n    %s\n"
                    % body)
    with pytest.raises(pyjit.CompileError, match=r"vec_errors.py:5:\d+: error: " + message):
        jit(m.k)[1, 1](np.zeros(1))
