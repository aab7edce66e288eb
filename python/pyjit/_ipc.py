"""Device arrays shared between processes (numba.cuda's IPC API), through
CUDA's legacy IPC (cuIpcGetMemHandle / cuIpcOpenMemHandle; Linux only).

    # exporting process
    handle = d.get_ipc_handle()            # IpcArrayHandle, picklable
    queue.put(handle)
    # another process on the same machine
    with queue.get() as d2:                # a DeviceArray over the same memory
        kernel[grid, block](d2)
    # or, from the raw 64 handle bytes:
    with cuda.open_ipc_array(raw, shape, dtype, strides=None, offset=0) as d2: ...

The exporting process keeps the array alive while others use it. A handle
cannot be opened in the process that exported it (CUDA refuses; use the
array itself). Errors: ValueError for a handle of the wrong size or one
opened twice, RuntimeError for opening one without a GPU (the CPU backend
makes handles, so a program that opens only other processes' runs with one
process), pyjit.CudaError naming the driver call otherwise.
"""
import contextlib
import os

import numpy as np

from ._ext import ext

_HANDLE_BYTES = 64  # CU_IPC_HANDLE_SIZE


class _MemHandle(bytes):
    """A CUipcMemHandle's 64 bytes; `.reserved` is them too, as numba's
    handle object (cudaIpcMemHandle_t) names them."""

    @property
    def reserved(self):
        return bytes(self)

    def __reduce__(self):
        return (_MemHandle, (bytes(self),))


def _handle_bytes(handle):
    """The 64 bytes of a CUipcMemHandle given as bytes, a bytearray, a
    sequence of ints in 0..255 or a uint8 array (numba's forms), or an
    object holding them in `.reserved` (numba's handle)."""
    if isinstance(handle, IpcHandle):
        return handle.handle
    if not isinstance(handle, (bytes, bytearray, memoryview)) and hasattr(handle, "reserved"):
        handle = handle.reserved
    try:
        raw = bytes(np.asarray(handle, dtype=np.uint8).ravel()) if not isinstance(
            handle, (bytes, bytearray, memoryview)) else bytes(handle)
    except (TypeError, ValueError, OverflowError) as exc:
        raise TypeError("an IPC handle is %d bytes (bytes, or a sequence of ints 0..255), not %s"
                        % (_HANDLE_BYTES, type(handle).__name__)) from exc
    if len(raw) != _HANDLE_BYTES:
        raise ValueError("an IPC handle is %d bytes, not %d" % (_HANDLE_BYTES, len(raw)))
    return _MemHandle(raw)


def _require_gpu(what):
    from ._devicearray import host_memory
    if host_memory():
        raise RuntimeError("%s needs a GPU: CUDA IPC shares device memory between processes, "
                           "and the CPU backend's device arrays are host memory" % what)


class IpcHandle:
    """The IPC handle of one device allocation (numba.cuda's IpcHandle):
    `handle` (64 bytes; `.reserved` too), `size` (the allocation's bytes),
    `offset` (bytes from the allocation's start to the exported address),
    the exporting process's id, and `base`, the memory it was made from in
    the exporting process (None after pickling). Picklable. `open()` gives
    the address in this process."""

    def __init__(self, handle, size, offset=0, source_pid=None, base=None):
        self.handle = _handle_bytes(handle)
        self.size = int(size)
        self.offset = int(offset)
        self.source_pid = source_pid
        self.base = base
        self._opened = None  # the base address while open in this process

    def __getstate__(self):
        return {"handle": self.handle, "size": self.size, "offset": self.offset,
                "source_pid": self.source_pid}

    def __setstate__(self, state):
        self.__init__(**state)

    def open(self):
        """The exported address, mapped into this process (cuIpcOpenMemHandle)."""
        _require_gpu("opening an IPC handle")
        if self._opened is not None:
            raise ValueError("IpcHandle is already opened: close() it first")
        if self.source_pid == os.getpid():
            raise ValueError("an IPC handle cannot be opened in the process that exported it "
                             "(CUDA refuses); use the device array itself")
        self._opened = ext().ipc_open(self.handle)
        return self._opened + self.offset

    def close(self):
        """Unmaps the memory (cuIpcCloseMemHandle); arrays opened over it
        must not be used after."""
        if self._opened is None:
            raise ValueError("this IPC handle is not open")
        base, self._opened = self._opened, None
        ext().ipc_close(base)


class IpcArrayHandle:
    """A device array's IPC handle and its shape, strides and dtype
    (numba.cuda's IpcArrayHandle), picklable. In another process, `open()`
    gives a DeviceArray over the same memory and `close()` unmaps it; as a
    context manager, `with handle as d:` does both."""

    def __init__(self, ipc_handle, array_desc):
        self._ipc_handle = ipc_handle
        self._array_desc = dict(array_desc)

    def open(self):
        from ._devicearray import DeviceArray, _External
        ptr = self._ipc_handle.open()
        desc = self._array_desc
        return DeviceArray(desc["shape"], desc["dtype"], desc["strides"],
                           _External(ptr, self._ipc_handle.size - self._ipc_handle.offset, self))

    def close(self):
        self._ipc_handle.close()

    def __enter__(self):
        return self.open()

    def __exit__(self, *exc):
        self.close()


def cpu_backend_handle(address, size, base=None):
    """The CPU backend's IpcHandle of `size` bytes at `address`: it has no IPC,
    but programs take a handle per process and open only the others' (one
    process opens none), so the handle is made and opening it raises
    (IpcHandle.open)."""
    raw = int(os.getpid()).to_bytes(8, "little") + int(address).to_bytes(8, "little") + \
        bytes(_HANDLE_BYTES - 16)
    return IpcHandle(raw, size, 0, source_pid=os.getpid(), base=base)


def get_ipc_handle(dev):
    """The IpcArrayHandle of DeviceArray `dev` (its memory: cuMemAlloc'd,
    pyjit's or another library's; an EMM plugin's memory gets its handle
    from the plugin's get_ipc_handle)."""
    from ._devicearray import _PluginBuffer, _View
    desc = {"shape": dev.shape, "strides": dev.strides, "dtype": dev.dtype}
    root = dev._buffer
    while isinstance(root, _View):
        root = root.base
    if isinstance(root, _PluginBuffer) and root.manager is not None:
        memory, offset = root.memory, dev._device_pointer - root.ptr
        if offset and hasattr(memory, "view"):
            memory = memory.view(offset)
        return IpcArrayHandle(root.manager.get_ipc_handle(memory), desc)
    from ._devicearray import host_memory
    if host_memory():
        return IpcArrayHandle(cpu_backend_handle(dev._device_pointer, dev.nbytes, dev.gpu_data),
                              desc)
    raw, offset, size = ext().ipc_export(dev._device_pointer)
    handle = IpcHandle(raw, size, offset, source_pid=os.getpid(), base=dev.gpu_data)
    return IpcArrayHandle(handle, desc)


@contextlib.contextmanager
def open_ipc_array(handle, shape, dtype, strides=None, offset=0):
    """numba.cuda.open_ipc_array: a context manager opening the allocation of
    IPC handle `handle` (64 bytes, or a sequence of ints, or an IpcHandle)
    as a DeviceArray of `shape` (int or tuple), `dtype` and `strides` (bytes;
    None: C order) starting `offset` bytes into it; closed on leaving."""
    from ._devicearray import DeviceArray, _External, _c_strides
    _require_gpu("open_ipc_array()")
    shape = (int(shape),) if isinstance(shape, (int, np.integer)) else tuple(shape)
    dtype = np.dtype(dtype)
    strides = _c_strides(shape, dtype.itemsize) if strides is None else tuple(strides)
    ipc = IpcHandle(_handle_bytes(handle), 0, offset)
    ptr = ipc.open()
    try:
        nbytes = dtype.itemsize * int(np.prod(shape, dtype=np.int64))
        yield DeviceArray(shape, dtype, strides, _External(ptr, nbytes, ipc))
    finally:
        ipc.close()
