"""pyjit's Python locks, made anew in a process that os.fork() makes.

A lock that another thread holds when the process forks stays held in the
child, where that thread does not exist, and the child's first use of the
lock waits forever (Python's os.fork documentation warns of it). pyjit's
locks guard its caches (compiled kernels, the disk cache's bookkeeping, a
launch's error record), which a child can rebuild: each lock made through
new_lock() is replaced by a fresh, unlocked one in the child
(os.register_at_fork(after_in_child=...)), so that a child forked while
another thread compiles or launches runs its own kernels. (Whether the child
may use the GPU is the driver's business: see Driver::forkedAfterInit.)
"""
import os
import threading
import weakref

#: id(owner) -> (weak reference to the owner, {attribute: reentrant}).
_owners = {}


def new_lock(owner, attribute, reentrant=False):
    """Sets `owner.<attribute>` to a new threading.Lock (RLock when
    `reentrant`) that a forked child gets back unlocked, and returns it.
    `owner` is any object that takes weak references (a module, an
    instance)."""
    lock = threading.RLock() if reentrant else threading.Lock()
    setattr(owner, attribute, lock)
    key = id(owner)
    entry = _owners.get(key)
    if entry is None or entry[0]() is not owner:
        entry = (weakref.ref(owner, lambda _, key=key: _owners.pop(key, None)), {})
        _owners[key] = entry
    entry[1][attribute] = reentrant
    return lock


def _after_fork_in_child():
    for ref, attributes in list(_owners.values()):
        owner = ref()
        if owner is None:
            continue
        for attribute, reentrant in attributes.items():
            setattr(owner, attribute, threading.RLock() if reentrant else threading.Lock())


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)
