//===- HostAddress.h - Can this process read a host address? ----*- C++ -*-===//
//
// The CPU backend runs kernels in this process: a kernel given a CPointer
// address the host cannot read (GPU memory, an unmapped page, a made-up
// number) would crash the interpreter with SIGSEGV. The launch asks first.
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_RUNTIME_HOSTADDRESS_H
#define PYJIT_RUNTIME_HOSTADDRESS_H

#include <cstddef>
#include <cstdint>

namespace pyjit::runtime {

/// Can this process read the \p bytes bytes at host address \p address
/// (1 ≤ bytes ≤ 4096)? The kernel copies them into a pipe (write(2)), which
/// fails with EFAULT, without a signal, where any of them is unreadable
/// (unmapped, PROT_NONE, or device memory outside the host's page tables).
/// Thread-safe; two system calls. Memory after the first \p bytes is not
/// checked: a pointer carries no extent.
bool isHostReadable(uint64_t address, size_t bytes);

} // namespace pyjit::runtime

#endif // PYJIT_RUNTIME_HOSTADDRESS_H
