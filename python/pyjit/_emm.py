"""numba.cuda's External Memory Management (EMM) plugin interface: another
library (RMM, CuPy's pool, a user's allocator) allocates pyjit's device
memory.

    class MyManager(cuda.HostOnlyCUDAMemoryManager):
        def initialize(self): ...
        def memalloc(self, size):            # size in bytes
            ptr = my_alloc(size)
            return cuda.MemoryPointer(self.context, ctypes.c_void_p(ptr), size,
                                      finalizer=lambda: my_free(ptr))
        def get_memory_info(self): return cuda.MemoryInfo(free=..., total=...)
        def get_ipc_handle(self, memory): ...   # or inherit GetIpcHandleMixin
        @property
        def interface_version(self): return 1

    cuda.set_memory_manager(MyManager)

or, before the process first uses a device, the environment variable
PYJIT_CUDA_MEMORY_MANAGER (or numba's NUMBA_CUDA_MEMORY_MANAGER) naming a
module whose `_numba_memory_manager` is such a class. Interface version 1
(numba's; the source of every name and signature here is numba-cuda's
cudadrv/driver.py and its docs, "External Memory Management (EMM) Plugin
interface").

What pyjit does with a plugin: every device array's memory (device_array,
to_device, *_like, the arrays vectorize and reduce make) comes from
`memalloc(size)`, which returns a MemoryPointer (or anything with a
`device_pointer`: an int, a ctypes pointer or cuda-python's CUdeviceptr);
the object is kept alive while any array views that memory, and its
finalizer runs when the last one is collected. Zero-byte arrays allocate
nothing (numba's too). `context.get_memory_info()`, `context.reset()`,
`cuda.defer_cleanup()` and `DeviceArray.get_ipc_handle()` call the plugin's
methods. Page-locked host memory (pinned_array, mapped_array) stays pyjit's,
as the HostOnlyCUDAMemoryManager contract says. On the CPU backend the
plugin's memory must be host memory (its pointers are read and written by
the host).

A plugin is set per context: set_memory_manager affects contexts whose
memory manager has not been made yet, and cuda.close() resets and drops
every context's manager, so the next use makes a new one (numba makes a new
context there). Errors: RuntimeError for a plugin of another interface
version (numba's message) and for a memalloc result without a device
pointer.
"""
import abc
import collections
import contextlib
import ctypes
import importlib
import operator
import os
import weakref

_SUPPORTED_EMM_INTERFACE_VERSION = 1

# The plugin class new contexts use (None: pyjit's own allocator), and
# whether any plugin may be in use: the allocation path reads only this flag
# while no plugin was ever set (env var, set_memory_manager, or a context's
# memory_manager assigned).
_plugin_class = None
_env_module = (os.environ.get("PYJIT_CUDA_MEMORY_MANAGER")
               or os.environ.get("NUMBA_CUDA_MEMORY_MANAGER") or None)
if _env_module == "default":  # numba's documented value for its own manager
    _env_module = None
plugged = _env_module is not None
# How many times a context's memory manager was reset (cuda.close(),
# context.reset()): memory kept across calls (cuda.reduce's) from before
# then may have been freed and handed out again.
resets = 0


MemoryInfo = collections.namedtuple("MemoryInfo", "free total")
MemoryInfo.__doc__ = """(free, total) bytes of device memory (numba's MemoryInfo)."""


def pointer_value(pointer):
    """The int address of a device pointer given as an int, a ctypes
    pointer (c_void_p, c_uint64: None is 0) or cuda-python's CUdeviceptr."""
    if isinstance(pointer, int):
        return pointer
    value = getattr(pointer, "value", pointer)
    if value is None:
        return 0
    try:
        return int(value)
    except (TypeError, ValueError):
        raise RuntimeError("a device pointer must be an int, a ctypes pointer or a CUdeviceptr, "
                           "got %s" % type(pointer).__name__) from None


def host_range_usable(address, nbytes):
    """Whether bytes [address, address + nbytes) lie in mappings this
    process may read and write: /proc/self/maps (Linux, proc(5)), whose
    lines are sorted by address; where it cannot be read, a probe of one
    byte a page (4096 bytes, the smallest page on Linux x86-64 and aarch64)
    for reading only, without a signal."""
    if nbytes <= 0:
        return True
    end = address + nbytes
    if address <= 0 or end > 2**64:
        return False
    try:
        with open("/proc/self/maps") as maps:
            lines = maps.readlines()
    except OSError:
        from ._ext import ext
        probes = list(range(address, end, 4096)) + [end - 1]
        return all(ext().host_readable(p, 1) for p in probes)
    at = address
    for line in lines:
        span, perms = line.split()[:2]
        lo, hi = (int(x, 16) for x in span.split("-"))
        if hi <= at:
            continue
        if lo > at or perms[:2] != "rw":  # a hole, or memory it may not write
            return False
        at = hi
        if at >= end:
            return True
    return False


def _byte_count(size, what):
    """`size` as a non-negative int: TypeError or ValueError naming `what`."""
    try:
        size = operator.index(size)
    except TypeError:
        raise TypeError("%s: the size is a number of bytes (an int), got %r"
                        % (what, size)) from None
    if size < 0:
        raise ValueError("%s: the size must be >= 0 bytes, got %d" % (what, size))
    return size


class _Pointer(ctypes.c_void_p):
    """A ctypes c_void_p that int() reads, as cuda-python's CUdeviceptr
    (numba's MemoryPointer.handle): the pointers pyjit makes itself."""

    def __int__(self):
        return self.value or 0

    __index__ = __int__


class MemoryPointer:
    """`size` bytes of device memory at `pointer` (a ctypes c_void_p, an int
    or a CUdeviceptr), allocated in `context` (numba's MemoryPointer). The
    `finalizer`, if given, runs once when this object is collected or
    free() is called; `owner` is the MemoryPointer owning the allocation
    this one views (None: itself)."""

    __cuda_memory__ = True

    def __init__(self, context, pointer, size, owner=None, finalizer=None):
        self.context = context
        self.device_pointer = pointer
        self.size = size
        self._cuda_memsize_ = size
        self.is_managed = finalizer is not None
        self.refct = 1
        self.handle = pointer
        self._owner = owner
        if finalizer is not None:
            self._finalizer = weakref.finalize(self, finalizer)

    @property
    def owner(self):
        return self if self._owner is None else self._owner

    def own(self):
        """numba hands arrays an owning proxy; here the pointer itself (its
        finalizer runs when the last reference goes)."""
        return self

    def free(self):
        """Runs the finalizer now (once): the memory must not be used after."""
        if self.is_managed:
            self._finalizer()

    def memset(self, byte, count=None, stream=0):
        """Sets `count` bytes (default: all) to `byte` (cuMemsetD8; on the
        CPU backend, host memory). `stream` is accepted and synchronous here."""
        from ._devicearray import host_memory
        from ._ext import ext
        count = self.size if count is None else count
        if not 0 <= count <= self.size:
            raise ValueError("memset of %d bytes in a %d-byte allocation" % (count, self.size))
        if host_memory():
            ctypes.memset(pointer_value(self.device_pointer), byte, count)
        elif count:
            ext().memset(pointer_value(self.device_pointer), byte, count)

    @property
    def device_pointer_value(self):
        """The address as an int, or None for address 0 (numba's)."""
        return pointer_value(self.device_pointer) or None

    @property
    def device_ctypes_pointer(self):
        return ctypes.c_void_p(pointer_value(self.device_pointer))

    def view(self, start, stop=None):
        """The bytes [start, stop) of this memory (owned by this one's owner)."""
        stop = self.size if stop is None else stop
        if not 0 <= start <= stop <= self.size:
            raise IndexError("view [%d, %d) out of a %d-byte allocation" % (start, stop, self.size))
        return MemoryPointer(self.context, _Pointer(pointer_value(self.device_pointer) + start),
                             stop - start, owner=self.owner)

    def __repr__(self):
        return "<MemoryPointer 0x%x, %d bytes>" % (pointer_value(self.device_pointer), self.size)


class AutoFreePointer(MemoryPointer):
    """A MemoryPointer freed when its last reference goes (numba's; every
    MemoryPointer here behaves so)."""


def _host_buffer_base():
    """The extension's HostBuffer (the buffer protocol over host memory);
    `object` without the extension."""
    try:
        from ._ext import ext
        return ext().HostBuffer
    except (ImportError, AttributeError):
        return object


class MappedMemory(_host_buffer_base()):
    """Page-locked host memory, `size` bytes at `host_pointer` (a ctypes
    c_void_p), and, when mapped, its address for kernels at
    `device_pointer` (numba's PinnedMemory / MappedMemory). The memory
    lives as long as this object; numpy reads it through the buffer
    protocol (`np.ndarray(shape, dtype, buffer=memory)`, as numba's
    mapped_array is made) and __array_interface__ (uint8)."""

    def __init__(self, host_array, device_pointer=None, owner=None):
        if hasattr(self, "_expose"):  # first: a second __init__ is refused before any change
            self._expose(host_array.ctypes.data, host_array.nbytes)
        self._array = host_array  # keeps the allocation (or the registration) alive
        self.size = self._cuda_memsize_ = host_array.nbytes
        self.host_pointer = _Pointer(host_array.ctypes.data)
        self.handle = self.host_pointer
        self.device_pointer = None if device_pointer is None else _Pointer(device_pointer)
        self._owner = owner

    owner = property(lambda self: self if self._owner is None else self._owner)

    @property
    def __cuda_memory__(self):
        """Mapped memory is device memory too (numba's MappedMemory); pinned is not."""
        return self.device_pointer is not None

    @property
    def device_ctypes_pointer(self):
        """The kernels' address of mapped memory (None for pinned)."""
        return self.device_pointer

    @property
    def __array_interface__(self):
        return self._array.__array_interface__


PinnedMemory = MappedMemory


class BaseCUDAMemoryManager(abc.ABC):
    """The EMM plugin interface (numba's): a plugin implements every
    abstract method; `context` is the context it allocates for (None when
    set_memory_manager only reads its interface_version)."""

    def __init__(self, *args, **kwargs):
        if "context" not in kwargs:
            raise RuntimeError("Memory manager requires a context")
        self.context = kwargs.pop("context")

    @abc.abstractmethod
    def memalloc(self, size):
        """`size` bytes of device memory: a MemoryPointer."""

    @abc.abstractmethod
    def memhostalloc(self, size, mapped=False, portable=False, wc=False):
        """`size` bytes of page-locked host memory (mapped into the device's
        address space when `mapped`)."""

    @abc.abstractmethod
    def mempin(self, owner, pointer, size, mapped=False):
        """Page-locks `size` bytes of host memory at `pointer`, owned by `owner`."""

    @abc.abstractmethod
    def initialize(self):
        """Called once before the first allocation in the context."""

    @abc.abstractmethod
    def get_ipc_handle(self, memory):
        """An IpcHandle of the MemoryPointer `memory`."""

    @abc.abstractmethod
    def get_memory_info(self):
        """MemoryInfo(free, total) in bytes."""

    @abc.abstractmethod
    def reset(self):
        """Frees every allocation of the context (cuda.close(), context.reset())."""

    @abc.abstractmethod
    def defer_cleanup(self):
        """A context manager inside which freeing is deferred."""

    @property
    @abc.abstractmethod
    def interface_version(self):
        """The interface version the plugin implements (1)."""


class HostOnlyCUDAMemoryManager(BaseCUDAMemoryManager):
    """A base for plugins that allocate device memory only: pyjit allocates
    and page-locks host memory (memhostalloc, mempin), and reset() and
    defer_cleanup() have nothing of the plugin's to do. `allocations` is a
    dict a plugin may keep its allocations in (numba's)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.allocations = {}

    def memhostalloc(self, size, mapped=False, portable=False, wc=False):
        from ._devicearray import host_memory, mapped_array, pinned_array
        import numpy as np
        if mapped:
            ary = mapped_array(size, np.uint8, portable=portable, wc=wc)
            device = ary.ctypes.data if host_memory() else pointer_value(
                ary.__cuda_array_interface__["data"][0])
            return MappedMemory(np.asarray(ary), device)
        return MappedMemory(np.asarray(pinned_array(size, np.uint8)))

    def mempin(self, owner, pointer, size, mapped=False):
        from ._devicearray import host_memory
        from ._ext import ext
        import numpy as np
        address = pointer_value(pointer)
        size = _byte_count(size, "mempin")
        if size and not address:  # (numba: cuMemHostRegister's CUDA_ERROR_INVALID_VALUE)
            raise ValueError("mempin: cannot page-lock %d bytes at address 0" % size)
        if size and not host_range_usable(address, size):  # (the GPU's driver refuses it)
            raise ValueError("mempin: the %d bytes at address 0x%x are not memory this process "
                             "may read and write" % (size, address))
        holder = np.ctypeslib.as_array((ctypes.c_uint8 * size).from_address(address)) \
            if size else np.empty(0, np.uint8)
        if host_memory() or not size:
            return MappedMemory(holder, address if mapped else None, owner)
        ext().host_register(address, size, mapped)
        memory = MappedMemory(holder, ext().host_device_pointer(address) if mapped else None, owner)
        weakref.finalize(memory, ext().host_unregister, address)
        return memory

    def reset(self):
        pass

    @contextlib.contextmanager
    def defer_cleanup(self):
        yield


class GetIpcHandleMixin:
    """get_ipc_handle for plugins whose memory cuIpcGetMemHandle exports
    (memory from cuMemAlloc, as RMM's and CuPy's pools are)."""

    def get_ipc_handle(self, memory):
        """An IpcHandle of MemoryPointer `memory` (cuIpcGetMemHandle; on the
        CPU backend a handle that opening refuses, as pyjit's own)."""
        import os as _os
        from ._devicearray import host_memory
        from ._ext import ext
        from ._ipc import IpcHandle, cpu_backend_handle
        if host_memory():
            return cpu_backend_handle(pointer_value(memory.device_pointer), memory.size, memory)
        raw, offset, size = ext().ipc_export(pointer_value(memory.device_pointer))
        return IpcHandle(raw, size, offset, source_pid=_os.getpid(), base=memory)


class _PendingDeallocations:
    """numba's _PendingDeallocs, of a memory manager that frees at once."""

    def clear(self):
        pass

    def disable(self):
        return contextlib.nullcontext()

    @property
    def is_disabled(self):
        return False

    def __len__(self):
        return 0


NO_PENDING_DEALLOCATIONS = _PendingDeallocations()


class PyjitMemoryManager(GetIpcHandleMixin, HostOnlyCUDAMemoryManager):
    """pyjit's own allocator (cuMemAlloc; the CPU backend's host memory),
    as a memory manager: what a context has when no plugin is set."""

    def memalloc(self, size):
        from ._devicearray import _DeviceBuffer
        buffer = _DeviceBuffer(size)
        memory = MemoryPointer(self.context, _Pointer(buffer.ptr), size)
        memory._pyjit_buffer = buffer  # freed with the pointer
        return memory

    def initialize(self):
        pass

    def get_memory_info(self):
        from ._devicearray import host_memory
        from ._ext import ext
        if host_memory():
            page = os.sysconf("SC_PAGE_SIZE")
            return MemoryInfo(os.sysconf("SC_AVPHYS_PAGES") * page,
                              os.sysconf("SC_PHYS_PAGES") * page)
        return MemoryInfo(*ext().mem_get_info())

    @property
    def interface_version(self):
        return _SUPPORTED_EMM_INTERFACE_VERSION

    @property
    def deallocations(self):
        """numba's pending deallocations: none (see Context.deallocations)."""
        return NO_PENDING_DEALLOCATIONS


def _check_version(plugin):
    version = plugin(context=None).interface_version
    if version != _SUPPORTED_EMM_INTERFACE_VERSION:
        raise RuntimeError("EMM Plugin interface has version %d - version %d required"
                           % (version, _SUPPORTED_EMM_INTERFACE_VERSION))


def set_memory_manager(mm_plugin):
    """Makes pyjit allocate device memory through the EMM plugin class
    `mm_plugin` (a BaseCUDAMemoryManager subclass) in contexts whose
    manager is made from now on (call it before the first allocation, or
    after cuda.close()). RuntimeError if its interface_version is not 1."""
    global _plugin_class, plugged, _env_module
    _check_version(mm_plugin)
    _plugin_class, plugged, _env_module = mm_plugin, True, None


def new_manager(context):
    """The memory manager a new context gets: the plugin set (by
    set_memory_manager or the environment variable), else pyjit's; its
    initialize() has run."""
    global _plugin_class, _env_module
    if _env_module is not None:
        # (Until it imports, every new manager raises: no allocation falls
        # back to pyjit's allocator silently.)
        name = _env_module
        try:
            plugin = importlib.import_module(name)._numba_memory_manager
        except (ImportError, AttributeError) as exc:
            raise RuntimeError("the EMM plugin module %r named by PYJIT_CUDA_MEMORY_MANAGER / "
                               "NUMBA_CUDA_MEMORY_MANAGER did not import or has no "
                               "_numba_memory_manager: %s" % (name, exc)) from exc
        _check_version(plugin)
        _plugin_class, _env_module = plugin, None
    manager = (_plugin_class or PyjitMemoryManager)(context=context)
    manager.initialize()
    return manager


def note_plugin():
    """A context's memory_manager was assigned: allocations look it up."""
    global plugged
    plugged = True
