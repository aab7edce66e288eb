"""numba.cuda's argument hints, cuda.In / cuda.Out / cuda.InOut: how a
host (numpy) array argument travels. Without a hint a host array is copied
to the device before the launch and back after it (InOut)."""


class _ArgHint:
    __slots__ = ("value",)
    copy_in = True
    copy_out = True

    def __init__(self, value):
        self.value = value

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self.value)


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
