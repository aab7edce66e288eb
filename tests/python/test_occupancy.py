"""Occupancy as numba.cuda's context has it: get_active_blocks_per_multiprocessor,
get_max_potential_block_size, and the code library / CUDA function objects
they take (kernel.overloads[sig]._codelibrary.get_cufunc()).

Expected values are worked out by hand from an sm_90 multiprocessor's limits
(CUDA C++ Programming Guide, "Technical Specifications per Compute
Capability": 2048 threads = 64 warps, 32 blocks, 228 KiB = 233472 bytes of
shared memory, 1 KiB of it reserved per block, allocated in 128-byte units).
The GPU (an H100 or H200) and the CPU backend's sm_90 model must both give
them; the kernels here use few registers, so registers never limit them."""
import numpy as np
import pytest

import pyjit
from pyjit import cuda, float32


def _kernels(jit):
    @jit("void(float32[:])")
    def store(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = i

    @jit("void(float32[:])")
    def staged(a):  # 40000 bytes of static shared memory
        s = cuda.shared.array(10000, float32)
        i = cuda.grid(1)
        s[cuda.threadIdx.x] = i
        cuda.syncthreads()
        if i < a.size:
            a[i] = s[cuda.threadIdx.x]

    return store, staged


def _sms():
    return cuda.get_current_device().MULTIPROCESSOR_COUNT


def test_active_blocks_per_multiprocessor(jit):
    store, staged = _kernels(jit)
    ctx = cuda.current_context()
    cufunc = store.overloads[store.signatures[0]]._codelibrary.get_cufunc()
    active = ctx.get_active_blocks_per_multiprocessor
    # Warps: 64 // warps per block, at most 32 blocks.
    assert active(cufunc, 32, 0) == 32
    assert active(cufunc, 100, 0) == 64 // 4
    assert active(cufunc, 256, 0) == 8
    assert active(cufunc, 1024, 0) == 2
    # Shared memory: (40000 + 1024) rounded up to 128 is 41088; 233472 // 41088.
    assert active(staged, 128, 0) == 5
    # Dynamic shared memory counts too: 100000 + 1024 -> 101120 per block.
    assert active(cufunc, 128, 100000) == 2
    # The overload and a kernel of one signature are taken for the function.
    assert active(store.overloads[store.signatures[0]], 256, 0) == 8
    assert active(store, 256, 0, flags=1) == 8  # CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE


def test_max_potential_block_size(jit):
    store, staged = _kernels(jit)
    ctx = cuda.current_context()
    cufunc = store.overloads[store.signatures[0]]._codelibrary.get_cufunc()
    potential = ctx.get_max_potential_block_size
    # 1024 threads fill a multiprocessor with 2 blocks: the first size tried.
    assert potential(cufunc, 0, 0, 1024) == (2 * _sms(), 1024)
    assert potential(cufunc, None, 0, 0) == (2 * _sms(), 1024)  # 0: the kernel's largest
    # Below 100 threads: 100 (4 warps) keeps 16 * 100, 96 keeps 21 * 96 and
    # 64 keeps 32 * 64 = 2048, all the multiprocessor holds.
    assert potential(cufunc, 0, 0, 100) == (32 * _sms(), 64)
    # 150 bytes of dynamic shared memory per thread: 768 threads (2 blocks of
    # 116224 bytes) keep 1536 resident, more than any other size; 512 ties
    # and is smaller.
    asked = []

    def b2d(block_size):
        asked.append(block_size)
        return 150 * block_size

    assert potential(store, b2d, 0, 1024) == (2 * _sms(), 768)
    assert asked and max(asked) <= 1024 and 768 in asked
    # A constant memsize stands for every size: 100000 bytes allow 2 blocks of
    # at most 1024 threads.
    assert potential(cufunc, 0, 100000, 1024) == (2 * _sms(), 1024)


def test_occupancy_errors(jit):
    store, _ = _kernels(jit)
    ctx = cuda.current_context()
    with pytest.raises(TypeError, match=r"b2d_func\(1024\) returned 1\.5: it must return"):
        ctx.get_max_potential_block_size(store, lambda b: 1.5, 0, 1024)
    with pytest.raises(TypeError, match=r"b2d_func\(1024\) returned -1"):
        ctx.get_max_potential_block_size(store, lambda b: -1, 0, 1024)
    with pytest.raises(ZeroDivisionError):  # b2d_func's own error
        ctx.get_max_potential_block_size(store, lambda b: 1 // 0, 0, 1024)
    with pytest.raises(TypeError, match="b2d_func must be a function"):
        ctx.get_max_potential_block_size(store, "x", 0, 1024)
    # Never handed to the driver as address 1 or a negative one.
    with pytest.raises(TypeError, match="b2d_func must be a function.*not bool"):
        ctx.get_max_potential_block_size(store, True, 0, 1024)
    with pytest.raises(ValueError, match="b2d_func -8 is no C function's address"):
        ctx.get_max_potential_block_size(store, -8, 0, 1024)
    with pytest.raises(ValueError, match="blocksize must be at least 1, got 0"):
        ctx.get_active_blocks_per_multiprocessor(store, 0, 0)
    with pytest.raises(TypeError, match="memsize must be an int, not float"):
        ctx.get_active_blocks_per_multiprocessor(store, 32, 1.0)
    with pytest.raises(ValueError, match="flags must be 0"):
        ctx.get_active_blocks_per_multiprocessor(store, 32, 0, flags=7)
    with pytest.raises(TypeError, match="func must be a kernel's CUDA function"):
        ctx.get_active_blocks_per_multiprocessor(lambda: 0, 32, 0)

    @jit
    def fill(a, v):
        a[0] = v

    fill[1, 1](np.zeros(1, np.float32), 1.0)
    fill[1, 1](np.zeros(1, np.int64), 1)
    with pytest.raises(TypeError, match=r"func=fill\): the kernel has 2 compiled signatures"):
        ctx.get_active_blocks_per_multiprocessor(fill, 32, 0)
    # Too large a block fits nowhere: 0 blocks, as the driver answers.
    assert ctx.get_active_blocks_per_multiprocessor(store, 1025, 0) == 0


def test_code_library(jit):
    store, _ = _kernels(jit)
    overload = store.overloads[store.signatures[0]]
    library = overload._codelibrary
    assert library.name == "store"
    assert ".entry" in library.get_asm_str() or ".visible .entry" in library.get_asm_str()
    assert "define" in library.get_llvm_str()
    cufunc = library.get_cufunc()
    assert repr(cufunc) == "<CUDA function %s>" % overload.entry
    assert cufunc.name == overload.entry
    cufunc.cache_config(prefer_shared=True)  # accepted on both backends
    cufunc.cache_config(prefer_cache=True, prefer_shared=True)
    cufunc.cache_config()


@pytest.mark.gpu
def test_cufunc_attributes_and_cubin():
    store, staged = _kernels(cuda.jit)
    cufunc = staged.overloads[staged.signatures[0]]._codelibrary.get_cufunc()
    assert cufunc.handle != 0
    attrs = cufunc.attrs
    assert attrs.shared == 40000
    assert attrs.maxthreads == 1024
    assert attrs.regs == staged.get_regs_per_thread(staged.signatures[0])
    library = store.overloads[store.signatures[0]]._codelibrary
    cubin = library.get_cubin()
    assert cubin[:4] == b"\x7fELF"
    with pytest.raises(ValueError, match=r"get_cubin\(cc=\(8, 0\)\).*compiled for sm_"):
        library.get_cubin(cc=(8, 0))


def test_cpu_cufunc_has_no_gpu_resources():
    store, _ = _kernels(lambda sig: cuda.jit(sig, target="cpu"))
    library = store.overloads[store.signatures[0]]._codelibrary
    cufunc = library.get_cufunc()
    assert cufunc.handle == 0
    with pytest.raises(RuntimeError, match="CPU backend"):
        cufunc.attrs
    with pytest.raises(RuntimeError, match="makes no cubin"):
        library.get_cubin()
    with pytest.raises(TypeError, match="cannot call a C function's address"):
        cuda.current_context().get_max_potential_block_size(store, 12345, 0, 1024)


@pytest.mark.gpu
def test_b2d_func_as_a_c_function_address():
    import ctypes
    store, _ = _kernels(cuda.jit)
    b2d = ctypes.CFUNCTYPE(ctypes.c_size_t, ctypes.c_int)(lambda block_size: 150 * block_size)
    address = ctypes.cast(b2d, ctypes.c_void_p).value
    # The same answer as the Python function's in test_max_potential_block_size.
    assert cuda.current_context().get_max_potential_block_size(store, address, 0, 1024) == \
        (2 * _sms(), 768)
