"""pyjit kernels in a process that has numba-cuda loaded (docs/porting.md):
numba's names a kernel takes (`numba.cuda.grid`, `numba.cuda.random`,
`numba.cuda.libdevice`, `numba.cuda.bf16`), functions given numba's
`@overload` typing functions, `@numba.cuda.jit` device functions, and
numba's device arrays as arguments.

Skipped where numba-cuda is not installed (CI); the GPU machine has it. Each
check runs in a process of its own, numba imported first as a program
would. Expected values are computed by hand in each script.
"""
import importlib.util
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

pytestmark = pytest.mark.skipif(importlib.util.find_spec("numba") is None or
                                importlib.util.find_spec("numba.cuda") is None,
                                reason="numba-cuda is not installed")

_PRELUDE = """\
import warnings
import numpy as np
np.row_stack = np.vstack          # numba-cuda 0.30 still names it
warnings.simplefilter("ignore")   # numba's and pyjit's notices
import numba
from numba import cuda as ncuda
from numba.core import types
import pyjit
from pyjit import cuda
"""


def _run(body, backend):
    env = dict(os.environ)
    if backend == "cpu":
        env["PYJIT_TARGET"] = "cpu"
    else:
        env.pop("PYJIT_TARGET", None)
    proc = subprocess.run([sys.executable, "-c", _PRELUDE + textwrap.dedent(body)],
                          capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout.split()


# `-c` keeps no source text, so each script writes its kernels to a file first.
_MODULE = '''
import sys, tempfile, importlib, os
d = tempfile.mkdtemp()
with open(os.path.join(d, "interop_kernels.py"), "w") as f:
    f.write({source!r})
sys.path.insert(0, d)
m = importlib.import_module("interop_kernels")
'''


def _script(kernels, driver):
    return _MODULE.format(source=_PRELUDE + textwrap.dedent(kernels)) + textwrap.dedent(driver)


_BACKENDS = [pytest.param("gpu", marks=pytest.mark.gpu), "cpu"]


@pytest.mark.parametrize("backend", _BACKENDS)
def test_numbas_overload_typing_functions_choose_the_implementation(backend):
    out = _run(_script('''
        from numba.cuda.extending import overload

        def clamp01(x):
            pass

        @overload(clamp01, target="cuda")
        def ol_clamp01(x):
            if isinstance(x, types.Float):
                return lambda x: min(max(x, 0.0), 1.0)
            if isinstance(x, types.Integer):
                return lambda x: 7

        def add(a, b=5):
            pass

        @overload(add, target="cuda")
        def ol_add(a, b=5):
            return lambda a, b=5: a + b

        @cuda.jit
        def k(f, i, d):
            t = cuda.grid(1)
            if t < f.size:
                f[t] = clamp01(f[t])
                i[t] = clamp01(i[t])
            if t == 0:
                d[0] = add(1)
                d[1] = add(1, b=6)
        ''', '''
        f = np.array([-2.0, 0.5, 3.0]); i = np.array([1, 2, 3])
        d = np.zeros(2, np.int64)
        m.k[1, 3](f, i, d)
        print(*f, *i, *d)
        '''), backend)
    assert out == ["0.0", "0.5", "1.0", "7", "7", "7", "6", "7"]


@pytest.mark.parametrize("backend", _BACKENDS)
def test_numbas_overload_given_functions_as_arguments(backend):
    # numba-cuda's test_make_function_to_jit_function: a device function and
    # a closure passed through an overloaded function; the typing function
    # sees an opaque numba type for them.
    out = _run(_script('''
        from numba.extending import overload

        def apply(arg, func):
            return func(arg)

        @overload(apply)
        def ov_apply(arg, func):
            assert isinstance(func, types.Opaque)
            return lambda arg, func: func(arg)

        @cuda.jit(device=True)
        def mul3(x):
            return x * 3

        @cuda.jit
        def k(out, x):
            def mul10(v):
                return v * 10
            out[0] = apply(x, mul3)
            out[1] = apply(x, mul10)
        ''', '''
        out = np.zeros(2, np.int64)
        m.k[1, 1](out, 4)
        print(*out)
        '''), backend)
    assert out == ["12", "40"]


@pytest.mark.parametrize("backend", _BACKENDS)
def test_numbas_overload_method_and_attribute(backend):
    out = _run(_script('''
        from numba.cuda.extending import overload_method

        @overload_method(types.Array, "sum_sq", target="cuda")
        def ol_sum_sq(a):
            if isinstance(a.dtype, types.Float):
                def impl(a):
                    s = 0.0
                    for v in a:
                        s += v * v
                    return s
                return impl

        @overload_method(types.Integer, "twice")
        def ol_twice(x):
            return lambda x: x * 2

        from numba.cuda.extending import overload_attribute

        @overload_attribute(types.Array, "nbytes2")
        def ol_nbytes2(a):
            def get(a):
                return a.size * a.itemsize
            return get

        @cuda.jit
        def k(a, i, out):
            out[0] = a.sum_sq()
            out[1] = i[0].twice()
            out[2] = a.nbytes2
        ''', '''
        out = np.zeros(3)
        m.k[1, 1](np.arange(4.0), np.array([21]), out)
        print(*out)
        '''), backend)
    assert out == ["14.0", "42.0", "32.0"]


@pytest.mark.parametrize("backend", _BACKENDS)
def test_numbas_own_names_in_kernels_mean_pyjits(backend):
    # from numba.cuda import grid, syncthreads, shared, atomic; numba.cuda.libdevice.sinf;
    # numba.cuda.random: each is pyjit's of that name.
    out = _run(_script('''
        from numba.cuda import grid, syncthreads, shared, atomic
        from numba.cuda import libdevice
        from numba.cuda.random import xoroshiro128p_uniform_float32

        @cuda.jit
        def k(out, states):
            i = grid(1)
            s = shared.array(4, numba.float32)
            s[i] = libdevice.sinf(numba.float32(i))
            syncthreads()
            if i == 0:
                out[0] = s[0] + s[1] + s[2] + s[3]
                u = xoroshiro128p_uniform_float32(states, 0)
                out[1] = 1.0 if 0.0 <= u < 1.0 else -1.0
            atomic.add(out, 2, 1.0)
        ''', '''
        from pyjit.cuda.random import create_xoroshiro128p_states  # (numba's needs a GPU)
        out = np.zeros(3, np.float32)
        states = create_xoroshiro128p_states(4, seed=1)
        m.k[1, 4](out, states)
        print(*out)
        '''), backend)
    expected = float(sum(np.float32(np.sin(np.float32(i))) for i in range(4)))
    assert abs(float(out[0]) - expected) < 1e-6
    assert out[1:] == ["1.0", "4.0"]


@pytest.mark.parametrize("backend", _BACKENDS)
def test_numbas_bfloat16_and_device_functions(backend):
    # numba.cuda.bf16's bfloat16 in a kernel, and a @numba.cuda.jit device
    # function (compiled by pyjit from its source, for the call's types).
    out = _run(_script('''
        from numba.cuda.bf16 import bfloat16

        @ncuda.jit(device=True)
        def triple(x):
            return x * 3

        @cuda.jit
        def k(out):
            out[0] = float(bfloat16(2.5) * bfloat16(2.25))   # 5.625, exact in bfloat16
            out[1] = triple(2.5)
        ''', '''
        out = np.zeros(2)
        m.k[1, 1](out)
        print(*out)
        '''), backend)
    assert out == ["5.625", "7.5"]


@pytest.mark.gpu
def test_numbas_device_arrays_are_arguments_and_pyjits_are_numbas():
    # ... and a numba device function with an eager signature (numba
    # compiles it when decorated, which needs a GPU): pyjit converts the
    # argument and the result to its float32.
    out = _run(_script('''
        @ncuda.jit("float32(float32)", device=True)
        def half(x):
            return x * 0.5

        @cuda.jit
        def scale(a, f):
            i = cuda.grid(1)
            if i < a.size:
                a[i] *= f
            if i == 0:
                a[0] = half(7)

        @ncuda.jit
        def add_one(a):
            i = ncuda.grid(1)
            if i < a.size:
                a[i] += 1
        ''', '''
        d = ncuda.to_device(np.arange(4.0))      # numba's DeviceNDArray into pyjit
        m.scale[1, 4](d, 2.0)
        p = cuda.to_device(np.arange(4.0))       # pyjit's array into numba
        m.add_one[1, 4](p)
        print(*d.copy_to_host(), *p.copy_to_host())
        '''), "gpu")
    assert out == ["3.5", "2.0", "4.0", "6.0", "1.0", "2.0", "3.0", "4.0"]


@pytest.mark.gpu
def test_streams_views_and_events_cross_between_numba_and_pyjit():
    # A program in transition: each library's streams given to the other's
    # launches (numba's to pyjit's as they are), views of each other's arrays,
    # numba's pinned memory.
    out = _run(_script('''
        @cuda.jit
        def scale(a, f):
            i = cuda.grid(1)
            if i < a.size:
                a[i] *= f

        @ncuda.jit
        def add_one(a):
            i = ncuda.grid(1)
            if i < a.size:
                a[i] += 1
        ''', '''
        ns, ps = ncuda.stream(), cuda.stream()
        d = ncuda.to_device(np.arange(4.0), stream=ns)
        m.scale[1, 4, ns](d, 2.0)              # numba's stream for a pyjit launch
        ns.synchronize()
        p = cuda.to_device(np.arange(4.0), stream=ps)
        # pyjit's stream for a numba launch: numba takes only its own stream
        # objects, so through numba's external_stream, as any foreign stream.
        m.add_one[1, 4, ncuda.external_stream(int(ps.handle))](p)
        ps.synchronize()
        view = ncuda.as_cuda_array(p)          # numba's view of pyjit's memory
        m.add_one[1, 4](view)
        back = cuda.as_cuda_array(d)           # pyjit's view of numba's memory
        m.scale[1, 4](back, 10.0)
        pinned = ncuda.pinned_array(4)         # numba's pinned host memory into pyjit
        pinned[:] = 1.0
        m.scale[1, 4](pinned, 3.0)
        cuda.synchronize()
        print(*d.copy_to_host(), *p.copy_to_host(), *pinned)
        '''), "gpu")
    assert out == ["0.0", "20.0", "40.0", "60.0", "2.0", "3.0", "4.0", "5.0",
                   "3.0", "3.0", "3.0", "3.0"]
