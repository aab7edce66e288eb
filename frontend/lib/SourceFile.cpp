//===- SourceFile.cpp - Line table for kernel source text ----------------===//
#include "pyjit/frontend/SourceFile.h"

using namespace pyjit;

SourceFile::SourceFile(std::string fileName, std::string text, unsigned firstLine)
    : name(std::move(fileName)), contents(std::move(text)),
      first(firstLine) {
  lineStarts.push_back(0);
  for (size_t i = 0; i < contents.size(); ++i)
    if (contents[i] == '\n')
      lineStarts.push_back(i + 1);
}

unsigned SourceFile::characterColumn(unsigned line, unsigned col) const {
  llvm::StringRef text = lineText(line);
  unsigned chars = 1;
  for (unsigned i = 1; i < col && i <= text.size(); ++i)
    if ((static_cast<unsigned char>(text[i - 1]) & 0xC0) != 0x80)
      ++chars;
  return chars + (col > text.size() + 1 ? col - static_cast<unsigned>(text.size()) - 1 : 0);
}

llvm::StringRef SourceFile::lineText(unsigned line) const {
  if (line < first)
    return {};
  size_t index = line - first;
  if (index < display.size())
    return llvm::StringRef(display[index]).rtrim("\r\n");
  if (index >= lineStarts.size())
    return {};
  size_t begin = lineStarts[index];
  size_t end = index + 1 < lineStarts.size() ? lineStarts[index + 1] - 1
                                             : contents.size();
  llvm::StringRef result(contents.data() + begin, end - begin);
  return result.rtrim("\r");
}
