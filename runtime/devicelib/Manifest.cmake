# Writes OUT: "<sha256>  <file>" for each device library file in DIR.
file(GLOB files RELATIVE ${DIR} ${DIR}/*.cubin ${DIR}/*.ptx)
list(SORT files)
set(text "")
foreach(f ${files})
  file(SHA256 ${DIR}/${f} digest)
  string(APPEND text "${digest}  ${f}\n")
endforeach()
file(WRITE ${OUT} "${text}")
