# inline.cmake - makes the page one file: run as
#
#   cmake -DTEMPLATE=page.html.in -DPACKAGE=js/ -DSOURCES=web/ -DOUTPUT=sudoku.html
#         -P inline.cmake
#
# It reads the template and puts in place of its @NAME@s the page's style
# (page.css), its scripts (draw.js and page.js, one module; worker.js, the
# worker's), the package's module (sudoku.mjs) and sudoku.wasm in base64,
# so that the page needs nothing beside it: it opens from file:// with no
# network.
foreach(var TEMPLATE PACKAGE SOURCES OUTPUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "inline.cmake needs -D${var}=...")
  endif()
endforeach()

# Base64 without a tool: three hex digits are twelve bits, two characters
# of base64, so a table of the 4096 groups turns the module's hex into
# base64 a group at a time. The last bytes are padded with zero bits and
# the characters they give beyond the data become '='.
function(base64_of_file file var)
  set(alphabet "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
  foreach(high RANGE 63)
    string(SUBSTRING "${alphabet}" ${high} 1 first)
    foreach(low RANGE 63)
      string(SUBSTRING "${alphabet}" ${low} 1 second)
      math(EXPR group "${high} * 64 + ${low}" OUTPUT_FORMAT HEXADECIMAL)
      string(SUBSTRING "${group}" 2 -1 group)
      string(LENGTH "${group}" length)
      while(length LESS 3)
        string(PREPEND group 0)
        math(EXPR length "${length} + 1")
      endwhile()
      string(TOLOWER "${group}" group)
      set(pair_${group} "${first}${second}")
    endforeach()
  endforeach()

  file(READ "${file}" hex HEX)
  string(LENGTH "${hex}" digits)
  math(EXPR left "${digits} % 6") # 0, 2 or 4 hex digits past whole triples
  if(left EQUAL 2)
    string(APPEND hex "0000")
  elseif(left EQUAL 4)
    string(APPEND hex "00")
  endif()
  string(REGEX MATCHALL "..." groups "${hex}")
  set(text)
  foreach(group IN LISTS groups)
    string(APPEND text "${pair_${group}}")
  endforeach()
  string(LENGTH "${text}" length)
  if(left EQUAL 2)
    math(EXPR length "${length} - 2")
    string(SUBSTRING "${text}" 0 ${length} text)
    string(APPEND text "==")
  elseif(left EQUAL 4)
    math(EXPR length "${length} - 1")
    string(SUBSTRING "${text}" 0 ${length} text)
    string(APPEND text "=")
  endif()
  set(${var} "${text}" PARENT_SCOPE)
endfunction()

# A script's text, which must not close the <script> element it goes in.
function(script_text file var)
  file(READ "${file}" text)
  string(TOLOWER "${text}" lower)
  string(FIND "${lower}" "</script" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "${file} holds </script, which would end the page's script")
  endif()
  set(${var} "${text}" PARENT_SCOPE)
endfunction()

file(READ "${SOURCES}/page.css" PAGE_CSS)
script_text("${SOURCES}/draw.js" draw)
script_text("${SOURCES}/page.js" page)
set(PAGE_JS "${draw}\n${page}")
script_text("${SOURCES}/worker.js" WORKER_JS)
script_text("${PACKAGE}/sudoku.mjs" SUDOKU_MJS)
base64_of_file("${PACKAGE}/sudoku.wasm" SUDOKU_WASM)
file(STRINGS "${PACKAGE}/package.json" version REGEX "\"version\"")
string(REGEX REPLACE ".*\"version\": *\"([^\"]*)\".*" "\\1" SUDOKU_VERSION "${version}")
configure_file("${TEMPLATE}" "${OUTPUT}" @ONLY)
