"""Bad launches raise before touching the GPU, naming what is wrong."""
import numpy as np
import pytest

from pyjit import cuda


@cuda.jit
def fill(a, value):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = value


def test_four_grid_dimensions_rejected():
    with pytest.raises(ValueError, match="griddim must be a sequence of 1, 2 or 3 integers"):
        fill[(1, 2, 3, 4), (5, 6)]


def test_zero_block_rejected():
    with pytest.raises(ValueError, match="blockdim dimensions must be positive"):
        fill[1, 0]


@pytest.mark.parametrize("config", [(0, 32), (1, (32, -1)), ((2, 0), 1)])
def test_zero_or_negative_sizes_are_cuda_errors_too(config):
    # numba launches them, and cuLaunchKernel's CUDA_ERROR_INVALID_VALUE
    # becomes CudaAPIError: a program catching that (an empty batch, n == 0)
    # catches pyjit's too.
    with pytest.raises(cuda.cudadrv.driver.CudaAPIError, match="dimensions must be positive"):
        fill[config]


def test_non_integer_grid_rejected():
    with pytest.raises(TypeError, match="griddim"):
        fill[1.5, 32]


def test_call_without_configuration_rejected():
    # numba's type and words (numba-cuda's test_unconfigured_untyped_cudakernel)
    with pytest.raises(ValueError, match=r"kernel 'fill': launch configuration was not "
                                         r"specified; launch it as fill\[grid, block\]"):
        fill(np.zeros(4), 1.0)


def test_wrong_argument_count_names_parameters():
    with pytest.raises(TypeError, match=r"takes 2 arguments \(a, value\), got 1"):
        fill[1, 32](np.zeros(4))


def test_unsupported_argument_names_the_parameter():
    with pytest.raises(TypeError, match="argument 'value'"):
        fill[1, 32](np.zeros(4), "text")


def test_unsupported_dtype_names_the_parameter():
    with pytest.raises(TypeError, match=r"argument 'a'.*datetime64\[2s\].*needs one unit"):
        fill[1, 32](np.zeros(4, dtype="datetime64[2s]"), 1.0)


def test_static_plus_dynamic_shared_memory_may_pass_48_kib(jit):
    # Measured on an H200 (sm_90): 40 KiB static plus 16 KiB dynamic launches;
    # the 48 KiB limits without an opt-in are per kind (dynamic: checked at
    # the launch; static: by ptxas), not on their sum. The CPU backend agrees.
    @jit
    def k(out):
        s = cuda.shared.array(5120, np.float64)
        d = cuda.shared.array(0, np.float64)
        s[5119] = 1.0
        d[2047] = 2.0
        cuda.syncthreads()
        out[0] = s[5119] + d[2047]

    out = np.zeros(1)
    k[1, 1, 0, 16384](out)
    assert out[0] == 3.0


def test_static_plus_dynamic_shared_memory_past_the_block_limit_is_refused(jit):
    # 32000 bytes static plus 232448 dynamic pass the 227 KiB a block may
    # have with the opt-in (sm_90): the driver refuses the launch; the CPU
    # backend ran it.
    import pyjit

    @jit
    def k(a):
        d = cuda.shared.array(0, np.float64)
        # (indexed at run time: at constant indices LLVM keeps the values in
        # registers on the GPU, and the array takes no shared memory there)
        s = cuda.shared.array(4000, np.float64)
        i = cuda.threadIdx.x + int(a[1])
        d[i] = 1.5
        s[3999 - i] = 2.0
        cuda.syncthreads()
        a[0] = s.size + s[3999 - i] + d[i]

    a = np.zeros(2)
    with pytest.raises(pyjit.CudaError):
        k[1, 1, 0, 232448](a)
    k[1, 1, 0, 232448 - 32000](a)  # exactly the limit
    assert a[0] == 4000 + 2.0 + 1.5


@cuda.jit
def _increment_first(a):
    a[0] += 1


def test_misaligned_array_is_refused_by_name():
    # A byte view one byte in, viewed as int32, and a foreign interface whose
    # pointer is 4 bytes into float64 items: GPU loads would fault
    # (misaligned address); the launch names the argument instead.
    raw = cuda.to_device(np.zeros(16, np.uint8))
    with pytest.raises(TypeError, match="argument 'a': the array's items are not aligned to "
                                        "their 4 bytes"):
        _increment_first[1, 1](raw[1:9].view(np.int32))
    with pytest.raises(TypeError, match="not aligned to their 4 bytes"):  # and its views
        _increment_first[1, 1](raw[1:9].view(np.int32)[1:])
    aligned = raw[4:12].view(np.int32)
    _increment_first[1, 1](aligned)
    np.testing.assert_array_equal(raw.copy_to_host(), [0] * 4 + [1] + [0] * 11)

    class Foreign:
        def __init__(self, base, offset):
            cai = dict(base.__cuda_array_interface__)
            cai["data"] = (cai["data"][0] + offset, False)
            cai["shape"] = (2,)
            self.__cuda_array_interface__ = cai

    d = cuda.to_device(np.zeros(4))
    with pytest.raises(TypeError, match="not aligned to their 8 bytes"):
        _increment_first[1, 1](Foreign(d, 4))
    _increment_first[1, 1](Foreign(d, 8))
    np.testing.assert_array_equal(d.copy_to_host(), [0.0, 1.0, 0.0, 0.0])


def test_too_many_parameter_slots_are_refused_before_compiling(jit):
    # A tuple of 100000 numbers compiled for minutes (quadratic in its
    # length) and was then refused at the launch without naming it.
    import time

    @jit
    def k(n, t, o):
        o[0] = len(t) + n

    o = np.zeros(1)
    start = time.perf_counter()
    with pytest.raises(TypeError, match=r"argument 't' \(Tuple\(float64, .*\.\.\.\) takes "
                                        r"100000 kernel parameter slots, 100001 in all with the "
                                        r"arguments before it; a kernel takes at most 512"):
        k[1, 1](1, tuple(float(i) for i in range(100000)), o)
    assert time.perf_counter() - start < 10
    k[1, 1](1, (1.0, 2.0), o)  # a short tuple is fine
    assert o[0] == 3


def test_argument_errors_leave_no_pyjit_frames_in_the_traceback():
    # As a CompileError: the message names the kernel and the parameter, and
    # the traceback ends at the user's call (one frame of pyjit's entry point).
    import os
    import traceback

    import pyjit

    @cuda.jit("void(int32[:], int32)")
    def typed(a, s):
        a[0] = s

    package = os.path.dirname(pyjit.__file__)
    calls = [
        (lambda: fill[1, 32](np.zeros(4)), TypeError, r"kernel 'fill' takes 2 arguments"),
        (lambda: fill[1, 32](np.zeros(4), "s"), TypeError,
         r"kernel 'fill': argument 'value': values of type str are not supported"),
        (lambda: fill[1, 32](np.zeros(4), 2 ** 70), OverflowError,
         r"kernel 'fill': argument 'value': 1180591620717411303424 does not fit"),
        (lambda: typed[1, 1](np.zeros(3), 1), TypeError,
         r"no signature of kernel 'typed' matches the arguments: .*argument 'a' is "
         r"array\(float64"),
        (lambda: typed[1, 1](np.zeros(3, np.int32), 2 ** 40), OverflowError,
         r"kernel 'typed': argument 's': 1099511627776 does not fit int32"),
    ]
    for call, kind, message in calls:
        with pytest.raises(kind, match=message) as info:
            call()
        inside = [f for f in traceback.extract_tb(info.value.__traceback__)
                  if f.filename.startswith(package)]
        assert len(inside) == 1, inside


def test_shared_bytes_in_the_stream_place_says_the_order():
    # k[grid, block, 128] (CUDA C's <<<grid, block, shared>>>) took 128 as a
    # stream handle: silently on the CPU backend, a driver error (or worse)
    # on a GPU. An int below 2**16 other than 0, 1 and 2 is no CUstream.
    @cuda.jit
    def k(a):
        a[0] = 1

    a = np.zeros(1)
    with pytest.raises(ValueError, match=r"stream 128 is no CUstream handle .* "
                                         r"kernel\[grid, block, 0, 128\] asks for 128 bytes"):
        k[1, 1, 128](a)
    with pytest.raises(ValueError, match="stream 3 is no CUstream handle"):
        k.configure(1, 1, 3)
    k[1, 1, 0, 128](a)  # the order it meant
    assert a[0] == 1


def test_a_stream_function_not_called_says_to_call_it():
    @cuda.jit
    def k(a):
        a[0] = 1

    with pytest.raises(TypeError, match=r"got <function stream.*\(a function: call it, "
                                        r"stream\(\)\)"):
        k[1, 1, cuda.stream](np.zeros(1))


def test_other_libraries_host_copy_names_point_at_copy_to_host():
    # d.get() (CuPy), d.numpy() / d.cpu() (torch), d.to_host(): a plain
    # AttributeError; they now name copy_to_host().
    d = cuda.to_device(np.arange(3.0))
    for name in ("get", "numpy", "cpu", "to_host", "tolist"):
        with pytest.raises(AttributeError, match=r"has no attribute '%s': copy_to_host\(\)"
                                                 % name):
            getattr(d, name)
    with pytest.raises(AttributeError, match=r"has no attribute 'foo'$"):
        d.foo
    assert not hasattr(d, "get") and hasattr(d, "copy_to_host")
