"""numba.cuda's External Memory Management (EMM) plugin interface
(pyjit/_emm.py): cuda.set_memory_manager, a context's memory_manager, and
device arrays whose memory a plugin allocates. The first class is numba-cuda's
own test (cudadrv/test_emm_plugins.py) with pyjit's names; the plugins touch
no memory, so it runs on the GPU and on the CPU backend alike. The others use
a plugin whose memory is mapped page-locked host memory, which kernels and
copies use in place on both backends."""
import ctypes
import os
import subprocess
import sys
import textwrap
import weakref

import numpy as np
import pytest

import pyjit
from pyjit import _emm, cuda


@pytest.fixture(autouse=True)
def _restore_manager():
    """Each test starts and ends with pyjit's own allocator."""
    yield
    cuda.close()  # resets and drops every context's manager
    _emm._plugin_class = None
    _emm.plugged = False


class DeviceOnlyEMMPlugin(cuda.HostOnlyCUDAMemoryManager):
    """numba-cuda's dummy plugin: fake pointers 1, 2, ..., and a record of
    which methods were called."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.allocations = {}
        self.count = 0
        self.initialized = False
        self.memalloc_called = False
        self.reset_called = False
        self.get_memory_info_called = False
        self.get_ipc_handle_called = False

    def memalloc(self, size):
        if not self.initialized:
            raise RuntimeError("memalloc called before initialize")
        self.memalloc_called = True
        self.count += 1
        alloc_count = self.count
        self.allocations[alloc_count] = size
        finalizer_allocs = self.allocations

        def finalizer():
            del finalizer_allocs[alloc_count]

        ctx = weakref.proxy(self.context)
        return cuda.cudadrv.driver.AutoFreePointer(ctx, ctypes.c_void_p(alloc_count), size,
                                                   finalizer=finalizer)

    def initialize(self):
        self.initialized = True

    def reset(self):
        self.reset_called = True

    def get_memory_info(self):
        self.get_memory_info_called = True
        return cuda.MemoryInfo(free=32, total=64)

    def get_ipc_handle(self, memory):
        self.get_ipc_handle_called = True
        return "Dummy IPC handle for alloc %s" % memory.device_pointer_value

    @property
    def interface_version(self):
        return 1


class BadVersionEMMPlugin(DeviceOnlyEMMPlugin):
    @property
    def interface_version(self):
        return 2


class TestDeviceOnlyEMMPlugin:
    @pytest.fixture(autouse=True)
    def configure(self):
        ctx = cuda.current_context()
        ctx.reset()
        # numba's current_context() initializes an assigned plugin (its
        # prepare_for_use); test_initialized_in_context checks it.
        ctx.memory_manager = DeviceOnlyEMMPlugin(context=ctx)

    def test_memalloc(self):
        mgr = cuda.current_context().memory_manager
        arr_1 = np.arange(10)
        d_arr_1 = cuda.device_array_like(arr_1)
        assert mgr.memalloc_called
        assert mgr.count == 1
        assert mgr.allocations[1] == arr_1.nbytes
        arr_2 = np.arange(5)
        d_arr_2 = cuda.device_array_like(arr_2)
        assert mgr.count == 2
        assert mgr.allocations[2] == arr_2.nbytes
        assert d_arr_2.__cuda_array_interface__["data"][0] == 2
        del d_arr_1  # the first finalizer only
        assert 1 not in mgr.allocations
        assert 2 in mgr.allocations
        view = d_arr_2[1:]  # a view keeps the allocation
        del d_arr_2
        assert 2 in mgr.allocations
        del view
        assert 2 not in mgr.allocations

    def test_empty_array_allocates_nothing(self):
        mgr = cuda.current_context().memory_manager
        empty = cuda.device_array((0, 3), np.float32)
        assert empty.shape == (0, 3) and mgr.count == 0

    def test_initialized_in_context(self):
        assert cuda.current_context().memory_manager.initialized

    def test_reset(self):
        ctx = cuda.current_context()
        ctx.reset()
        assert ctx.memory_manager.reset_called

    def test_get_memory_info(self):
        ctx = cuda.current_context()
        meminfo = ctx.get_memory_info()
        assert ctx.memory_manager.get_memory_info_called
        assert meminfo.free == 32 and meminfo.total == 64

    def test_get_ipc_handle(self):
        d_arr = cuda.device_array_like(np.arange(2))
        ipch = d_arr.get_ipc_handle()
        assert cuda.current_context().memory_manager.get_ipc_handle_called
        assert "Dummy IPC handle for alloc 1" in ipch._ipc_handle

    def test_gpu_data_is_the_plugins_pointer(self):
        d_arr = cuda.device_array(4, np.int32)
        assert isinstance(d_arr.gpu_data, cuda.MemoryPointer)
        assert d_arr.gpu_data.device_pointer_value == 1 and d_arr.gpu_data.size == 16


def test_bad_plugin_version():
    with pytest.raises(RuntimeError) as raises:
        cuda.set_memory_manager(BadVersionEMMPlugin)
    assert "version 1 required" in str(raises.value)


def test_base_manager_needs_a_context():
    with pytest.raises(RuntimeError, match="requires a context"):
        DeviceOnlyEMMPlugin()


class MappedPlugin(cuda.HostOnlyCUDAMemoryManager):
    """A working plugin: each allocation is mapped page-locked host memory,
    which kernels reach at its device address (on the CPU backend, host
    memory). It counts live allocations."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.live = {}
        self.sizes = []

    def initialize(self):
        pass

    def memalloc(self, size):
        host = cuda.mapped_array(size, np.uint8)
        pointer = host.__cuda_array_interface__["data"][0] \
            if hasattr(host, "__cuda_array_interface__") else host.ctypes.data
        key = len(self.sizes)
        self.sizes.append(size)
        self.live[key] = host
        live = self.live
        return cuda.MemoryPointer(self.context, ctypes.c_void_p(pointer), size,
                                  finalizer=lambda: live.pop(key))

    def get_memory_info(self):
        return cuda.MemoryInfo(free=1, total=2)

    def get_ipc_handle(self, memory):
        raise NotImplementedError

    @property
    def interface_version(self):
        return 1


@cuda.jit
def _twice(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = 2 * a[i]


def test_plugin_memory_holds_kernel_data():
    cuda.set_memory_manager(MappedPlugin)
    mgr = cuda.current_context().memory_manager
    assert isinstance(mgr, MappedPlugin)
    a = np.arange(100, dtype=np.float64)
    d_a = cuda.to_device(a)
    d_out = cuda.device_array_like(d_a)
    assert mgr.sizes == [800, 800] and len(mgr.live) == 2
    _twice[4, 32](d_a, d_out)
    np.testing.assert_array_equal(d_out.copy_to_host(), 2 * a)
    # The bytes live in the plugin's memory.
    np.testing.assert_array_equal(mgr.live[1].view(np.float64), 2 * a)
    assert cuda.current_context().get_memory_info() == (1, 2)
    del d_a, d_out
    assert mgr.live == {}


def test_set_memory_manager_applies_after_close():
    d_before = cuda.device_array(8)  # a manager may already exist: close() drops it
    cuda.close()
    cuda.set_memory_manager(MappedPlugin)
    d_after = cuda.device_array(8)
    mgr = cuda.current_context().memory_manager
    assert isinstance(mgr, MappedPlugin) and mgr.sizes == [64]
    assert not isinstance(d_before.gpu_data, cuda.MemoryPointer)
    d_before.copy_to_device(np.ones(8))  # pyjit's memory stays usable
    np.testing.assert_array_equal(d_before.copy_to_host(), np.ones(8))
    del d_after


class ArenaPlugin(cuda.HostOnlyCUDAMemoryManager):
    """A bump allocator over one mapped arena: reset() (cuda.close()) hands
    the same memory out again, as a pool plugin's reset may."""

    def initialize(self):
        self.arena = cuda.mapped_array(1 << 20, np.uint8)
        self.base = self.arena.__cuda_array_interface__["data"][0] \
            if hasattr(self.arena, "__cuda_array_interface__") else self.arena.ctypes.data
        self.top = 0

    def memalloc(self, size):
        pointer = self.base + self.top
        self.top += (size + 255) // 256 * 256
        return cuda.MemoryPointer(self.context, ctypes.c_void_p(pointer), size)

    def reset(self):
        self.top = 0

    def get_memory_info(self):
        return cuda.MemoryInfo(free=1 << 20, total=1 << 20)

    def get_ipc_handle(self, memory):
        raise NotImplementedError

    interface_version = 1


def test_reduce_keeps_no_memory_across_close():
    # cuda.reduce keeps its partial results' memory between calls, but not
    # past a reset of the memory manager, which may hand it out again.
    cuda.set_memory_manager(ArenaPlugin)
    total = cuda.reduce(lambda a, b: a + b)
    values = np.arange(100000.0)
    assert total(values) == values.sum()
    cuda.close()
    mine = cuda.to_device(np.full(66, 7.0))  # the arena's first bytes again
    assert total(values) == values.sum()
    np.testing.assert_array_equal(mine.copy_to_host(), np.full(66, 7.0))


def test_memalloc_without_device_pointer():
    class NoPointer(MappedPlugin):
        def memalloc(self, size):
            return object()

    cuda.set_memory_manager(NoPointer)
    with pytest.raises(RuntimeError, match="no device_pointer"):
        cuda.device_array(4)


def test_context_memalloc_and_gpu_data_constructor():
    ctx = cuda.current_context()
    memory = ctx.memalloc(64)  # pyjit's own allocator, as a MemoryPointer
    assert memory.size == 64 and memory.device_pointer_value
    d = cuda.cudadrv.devicearray.DeviceNDArray((8,), (8,), np.float64, gpu_data=memory)
    d.copy_to_device(np.arange(8.0))
    np.testing.assert_array_equal(d.copy_to_host(), np.arange(8.0))
    assert d.__cuda_array_interface__["data"][0] == memory.device_pointer_value
    with pytest.raises(ValueError, match="gpu_data holds 64 bytes"):
        cuda.cudadrv.devicearray.DeviceNDArray((9,), (8,), np.float64, gpu_data=memory)
    like = cuda.cudadrv.devicearray.from_array_like(np.zeros(4, np.int32), gpu_data=memory.view(32))
    like.copy_to_device(np.array([1, 2, 3, 4], np.int32))
    np.testing.assert_array_equal(d.copy_to_host()[4:].view(np.int32)[:4], [1, 2, 3, 4])


def test_memhostalloc_and_mempin():
    ctx = cuda.current_context()
    pinned = ctx.memhostalloc(32)
    assert pinned.size == 32 and pinned.host_pointer.value
    np.asarray(pinned)[:] = 7
    assert np.asarray(pinned).sum() == 7 * 32
    mapped = ctx.memhostalloc(16, mapped=True)
    assert mapped.device_pointer.value
    host = np.zeros(16, np.uint8)
    pin = ctx.mempin(host, host.ctypes.data, host.nbytes, mapped=True)
    assert pin.owner is host and pin.size == 16 and pin.device_pointer.value


def test_defer_cleanup_calls_the_plugin():
    entered = []

    class Deferring(MappedPlugin):
        def defer_cleanup(self):
            import contextlib

            @contextlib.contextmanager
            def deferred():
                entered.append(True)
                yield
            return deferred()

    cuda.set_memory_manager(Deferring)
    with cuda.defer_cleanup():
        pass
    assert entered == [True]


def test_environment_variable_names_the_plugin(tmp_path):
    (tmp_path / "my_emm.py").write_text(textwrap.dedent("""
        import ctypes
        import numpy as np
        from pyjit import cuda

        class Plugin(cuda.HostOnlyCUDAMemoryManager):
            calls = []
            def initialize(self): pass
            def memalloc(self, size):
                Plugin.calls.append(size)
                host = cuda.mapped_array(size, np.uint8)
                ptr = host.__cuda_array_interface__["data"][0] \\
                    if hasattr(host, "__cuda_array_interface__") else host.ctypes.data
                self.allocations[ptr] = host
                return cuda.MemoryPointer(self.context, ctypes.c_void_p(ptr), size)
            def get_memory_info(self): return cuda.MemoryInfo(0, 0)
            def get_ipc_handle(self, memory): raise NotImplementedError
            @property
            def interface_version(self): return 1

        _numba_memory_manager = Plugin
    """))
    script = ("import numpy as np, my_emm\nfrom pyjit import cuda\n"
              "d = cuda.to_device(np.arange(5.0))\n"
              "print(my_emm.Plugin.calls, d.copy_to_host().sum())\n")
    env = dict(os.environ, PYJIT_CUDA_MEMORY_MANAGER="my_emm",
               PYTHONPATH=os.pathsep.join([str(tmp_path)] + sys.path))
    out = subprocess.run([sys.executable, "-W", "ignore", "-c", script], env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["[40]", "10.0"]
    env["PYJIT_CUDA_MEMORY_MANAGER"] = "no_such_emm_module"
    out = subprocess.run([sys.executable, "-W", "ignore", "-c", script], env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode != 0 and "no_such_emm_module" in out.stderr


@pytest.mark.gpu
def test_cupy_pool_as_plugin():
    """CuPy's memory pool allocating pyjit's arrays (the usual reason for a
    plugin), with IPC handles through GetIpcHandleMixin."""
    cupy = pytest.importorskip("cupy")

    class CupyPlugin(cuda.GetIpcHandleMixin, cuda.HostOnlyCUDAMemoryManager):
        def initialize(self):
            pass

        def memalloc(self, size):
            mem = cupy.cuda.memory.alloc(size)
            self.allocations[mem.ptr] = mem
            allocations = self.allocations
            return cuda.MemoryPointer(self.context, ctypes.c_void_p(mem.ptr), size,
                                      finalizer=lambda: allocations.pop(mem.ptr))

        def get_memory_info(self):
            return cuda.MemoryInfo(*cupy.cuda.runtime.memGetInfo())

        @property
        def interface_version(self):
            return 1

    cuda.set_memory_manager(CupyPlugin)
    mgr = cuda.current_context().memory_manager
    a = np.arange(1000, dtype=np.float64)
    d_a = cuda.to_device(a)
    d_out = cuda.device_array_like(d_a)
    assert len(mgr.allocations) == 2
    _twice[8, 128](d_a, d_out)
    np.testing.assert_array_equal(d_out.copy_to_host(), 2 * a)
    ptr = d_out.__cuda_array_interface__["data"][0]
    assert ptr in mgr.allocations  # the array's memory is CuPy's
    np.testing.assert_array_equal(cupy.asnumpy(cupy.asarray(d_out)), 2 * a)
    handle = d_out.get_ipc_handle()
    assert len(handle._ipc_handle.handle) == 64
    del d_a, d_out, handle  # (an IpcHandle keeps its memory alive, as numba's .base does)
    assert mgr.allocations == {}


def test_numbas_positional_gpu_data_and_pointer_helpers():
    # numba's DeviceNDArray(shape, strides, dtype, stream, gpu_data).
    from pyjit.cuda.cudadrv import devicearray
    memory = cuda.current_context().memalloc(32)
    memory.memset(0)
    d = devicearray.DeviceNDArray((4,), (8,), np.float64, 0, memory)
    assert d.__cuda_array_interface__["data"][0] == memory.device_pointer_value
    d.copy_to_device(np.arange(4.0))
    memory.view(8).memset(0, 8)  # element 1's bytes
    np.testing.assert_array_equal(d.copy_to_host(), [0.0, 0.0, 2.0, 3.0])
    with pytest.raises(TypeError, match="gpu_data must be a MemoryPointer"):
        devicearray.DeviceNDArray((4,), (8,), np.float64, gpu_data=12345)
    info = cuda.MemoryInfo(free=1, total=2)
    assert info._fields == ("free", "total") and info._asdict() == {"free": 1, "total": 2}


def test_ipc_handle_through_the_mixin_follows_the_backend():
    class Mixed(cuda.GetIpcHandleMixin, MappedPlugin):
        get_ipc_handle = cuda.GetIpcHandleMixin.get_ipc_handle

    cuda.set_memory_manager(Mixed)
    d = cuda.device_array(4)
    from pyjit._devicearray import host_memory
    if not host_memory():
        # The mixin exports with cuIpcGetMemHandle, which takes device
        # memory only: this plugin's is mapped host memory.
        with pytest.raises(pyjit.CudaError, match="cuIpcGetMemHandle"):
            d.get_ipc_handle()
        return
    handle = d.get_ipc_handle()  # made; opening it needs a GPU
    with pytest.raises(RuntimeError, match="needs a GPU"):
        handle._ipc_handle.open()
    assert handle._array_desc["shape"] == (4,)


def test_environment_default_is_pyjits_own_and_bad_names_keep_failing(tmp_path):
    script = ("import numpy as np\nfrom pyjit import cuda\n"
              "for k in range(2):\n"
              "    try:\n"
              "        cuda.device_array(4)\n"
              "        print(type(cuda.current_context().memory_manager).__name__)\n"
              "    except RuntimeError:\n"
              "        print('RuntimeError')\n")
    env = dict(os.environ, NUMBA_CUDA_MEMORY_MANAGER="default")
    env.pop("PYJIT_CUDA_MEMORY_MANAGER", None)
    out = subprocess.run([sys.executable, "-W", "ignore", "-c", script], env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.stdout.split() == ["PyjitMemoryManager"] * 2, out.stderr
    env["NUMBA_CUDA_MEMORY_MANAGER"] = "no_such_emm_module"
    out = subprocess.run([sys.executable, "-W", "ignore", "-c", script], env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.stdout.split() == ["RuntimeError"] * 2, out.stderr


def test_gpu_data_of_a_view_is_the_plugins_pointer_view():
    cuda.set_memory_manager(MappedPlugin)
    d = cuda.device_array(8, np.float64)
    view = d[2:]
    memory = view.gpu_data
    assert isinstance(memory, cuda.MemoryPointer)
    assert memory.device_pointer_value == d.gpu_data.device_pointer_value + 16
    assert memory.owner is d.gpu_data  # numba: a view's owner is the allocation


class _BadPlugin(cuda.HostOnlyCUDAMemoryManager):
    """A plugin with a bug: memalloc gives `self.size_of(size)` bytes at
    `self.address`."""
    address = 0xdeadbeef000

    def size_of(self, size):
        return size

    def memalloc(self, size):
        return cuda.MemoryPointer(cuda.current_context(), self.address, self.size_of(size))

    def initialize(self):
        pass

    def get_memory_info(self):
        return (0, 0)

    def get_ipc_handle(self, memory):
        raise NotImplementedError

    @property
    def interface_version(self):
        return 1


def test_plugin_memory_smaller_than_asked_is_refused():
    class Short(_BadPlugin):
        def size_of(self, size):
            return 16

    cuda.set_memory_manager(Short)
    with pytest.raises(RuntimeError, match=r"memalloc\(8000\) returned a MemoryPointer of 16 "
                                           r"bytes"):
        cuda.device_array(1000)


@pytest.mark.skipif(not __import__("pyjit._devicearray").
                    _devicearray.host_memory(), reason="a GPU: device memory is not the host's")
def test_cpu_backend_refuses_memory_this_process_cannot_read():
    # The CPU backend reads device memory in place: a plugin's pointer, or a
    # mempin'd address, that is not this process's memory ended it with
    # SIGSEGV at the first copy or launch.
    import mmap
    cuda.set_memory_manager(_BadPlugin)
    ctx = cuda.current_context()
    with pytest.raises(ValueError, match="not memory this process may read and write"):
        ctx.mempin(object(), 0xdeadbeef000, 64, mapped=True)
    libc = ctypes.CDLL(None)  # a page this process may read, not write
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int,
                          ctypes.c_int, ctypes.c_long]
    read_only = libc.mmap(None, 4096, mmap.PROT_READ, mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS,
                          -1, 0)
    with pytest.raises(ValueError, match="not memory this process may read and write"):
        ctx.mempin(object(), read_only, 4096, mapped=True)
    libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
    libc.munmap(read_only, 4096)
    d = cuda.device_array(100)  # (allocating touches nothing, as numba's test plugins need)
    assert isinstance(ctx.memory_manager, _BadPlugin)
    with pytest.raises(ValueError, match="not readable here"):
        cuda.to_device(np.zeros(10))  # (it wrote through the plugin's pointer)

    @cuda.jit
    def fill(a):
        a[0] = 1

    with pytest.raises(ValueError, match="not readable here"):
        d.copy_to_host()
    with pytest.raises(ValueError, match="not readable here"):
        d[3] = 1.0
    with pytest.raises(TypeError, match="argument 'a' views memory the CPU backend did not "
                                        "allocate"):
        fill[1, 1](d)
