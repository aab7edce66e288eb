//===- HostAddress.cpp - Can this process read a host address? -----------===//

#include "pyjit/runtime/HostAddress.h"
#include "ForkSafeMutex.h"

#include <cassert>
#include <cerrno>
#include <fcntl.h>
#include <mutex>
#include <unistd.h>

using namespace pyjit::runtime;

namespace {
/// One pipe for the process, opened at first use (close-on-exec). Each
/// probe writes its bytes and reads them back under the lock, so the pipe
/// is empty between probes. A fork()ed child opens its own (a pthread_atfork
/// handler): a pipe shared with the parent would mix their probes' bytes.
struct ProbePipe {
  int fds[2] = {-1, -1};
  pyjit::runtime::ForkSafeMutex lock;
  static ProbePipe *instance;
  ProbePipe() {
    open();
    instance = this;
    ::pthread_atfork(nullptr, nullptr, [] { instance->reopen(); });
  }
  void open() {
    if (::pipe2(fds, O_CLOEXEC) != 0)
      fds[0] = fds[1] = -1;
  }
  void reopen() {
    for (int &fd : fds)
      if (fd >= 0)
        ::close(fd);
    open();
  }
};
ProbePipe *ProbePipe::instance = nullptr;
} // namespace

bool pyjit::runtime::isHostReadable(uint64_t address, size_t bytes) {
  assert(bytes >= 1 && bytes <= 4096 && "a probe fits a pipe's buffer");
  if (address == 0 || address + bytes < address)
    return false;
  static ProbePipe probe;
  if (probe.fds[0] < 0)
    return true; // no pipe (descriptors exhausted): cannot tell, do not refuse
  std::lock_guard<pyjit::runtime::ForkSafeMutex> guard(probe.lock);
  ssize_t written;
  do
    written = ::write(probe.fds[1], reinterpret_cast<const void *>(address), bytes);
  while (written < 0 && errno == EINTR);
  if (written < 0)
    return errno != EFAULT;
  char sink[4096];
  for (ssize_t left = written; left > 0;) {
    ssize_t got = ::read(probe.fds[0], sink, static_cast<size_t>(left));
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      break;
    left -= got;
  }
  return static_cast<size_t>(written) == bytes;
}
