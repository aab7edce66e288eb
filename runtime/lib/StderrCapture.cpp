//===- StderrCapture.cpp - What a library prints to stderr, captured ------===//
#include "StderrCapture.h"

#include <cstdio>
#include <unistd.h>

using namespace pyjit::runtime;

static std::mutex &captureMutex() {
  static std::mutex m;
  return m;
}

StderrCapture::StderrCapture() : lock(captureMutex()) {
  std::fflush(stderr);
  std::FILE *tmp = std::tmpfile();
  if (!tmp)
    return;
  int fd = ::dup(::fileno(tmp));
  std::fclose(tmp); // (the file lives on through fd: unlinked, gone at its close)
  if (fd < 0)
    return;
  saved = ::dup(2);
  if (saved < 0 || ::dup2(fd, 2) < 0) {
    if (saved >= 0)
      ::close(saved);
    ::close(fd);
    saved = -1;
    return;
  }
  file = fd;
}

std::string StderrCapture::finish() {
  if (file < 0)
    return {};
  std::fflush(stderr);
  ::dup2(saved, 2);
  ::close(saved);
  std::string text;
  char buf[4096];
  if (::lseek(file, 0, SEEK_SET) == 0)
    for (ssize_t n; (n = ::read(file, buf, sizeof buf)) > 0;)
      text.append(buf, static_cast<size_t>(n));
  ::close(file);
  file = saved = -1;
  return text;
}

StderrCapture::~StderrCapture() { writeToStderr(finish()); }

void pyjit::runtime::writeToStderr(const std::string &text) {
  for (size_t done = 0; done < text.size();) {
    ssize_t n = ::write(2, text.data() + done, text.size() - done);
    if (n <= 0)
      break;
    done += static_cast<size_t>(n);
  }
}
