"""numba.cuda's argument hints, cuda.In / cuda.Out / cuda.InOut: how a
host (numpy) array argument travels. Without a hint a host array is copied
to the device before the launch and back after it (InOut). Also
`pyjit.cuda.args` (numba.cuda.args): ArgHint, In, Out, InOut, wrap_arg, for
launch extensions (Dispatcher.extensions) written against numba."""


class _ArgHint:
    __slots__ = ("value",)
    copy_in = True
    copy_out = True

    def __init__(self, value):
        self.value = value

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self.value)

    def to_device(self, retr, stream=0):
        """numba's: the value as a device array (copied in if `copy_in`);
        for a host array appends to list `retr` the callable that copies it
        back (`copy_out`), or one that keeps the device copy alive."""
        from . import cuda
        if cuda.is_cuda_array(self.value):
            return cuda.as_cuda_array(self.value)
        if self.copy_in:
            devary = cuda.to_device(self.value, stream=stream)
        else:
            devary = cuda.device_array_like(self.value, stream=stream)
        if self.copy_out:
            retr.append(lambda: devary.copy_to_host(self.value, stream=stream))
        else:  # (numba's: a write-back that does nothing keeps the copy alive until then)
            retr.append(lambda: devary)
        return devary


class In(_ArgHint):
    """A host array the kernel reads: copied to the device, not back."""
    __slots__ = ()
    copy_out = False


class Out(_ArgHint):
    """A host array the kernel writes: device memory allocated (not
    initialized from it), copied back after the launch."""
    __slots__ = ()
    copy_in = False


class InOut(_ArgHint):
    """A host array copied to the device and back (the default)."""
    __slots__ = ()


ArgHint = _ArgHint


def wrap_arg(value, default=InOut):
    """`value` itself if it is an argument hint, else `default(value)`
    (numba.cuda.args.wrap_arg)."""
    return value if isinstance(value, _ArgHint) else default(value)
