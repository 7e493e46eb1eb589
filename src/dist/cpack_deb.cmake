# Run by cpack (CPACK_PRE_BUILD_SCRIPTS) on the staged files of a package,
# before it is built: gzip the man page and write the changelog, as Debian
# policy wants them. Other generators get the same files, which do no harm.
find_program(GZIP gzip REQUIRED)
file(GLOB_RECURSE staged_pages
  "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/*/${CPACK_SUDOKU_MANDIR}/man1/sudoku.1")
foreach(page ${staged_pages})
  execute_process(COMMAND ${GZIP} -9nf ${page} COMMAND_ERROR_IS_FATAL ANY)
endforeach()
file(GLOB_RECURSE staged_copyright
  "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/*/${CPACK_SUDOKU_DOCDIR}/copyright")
foreach(copyright ${staged_copyright})
  get_filename_component(docdir ${copyright} DIRECTORY)
  string(TIMESTAMP date "%a, %d %b %Y %H:%M:%S +0000" UTC)
  file(WRITE ${docdir}/changelog
    "${CPACK_PACKAGE_NAME} (${CPACK_PACKAGE_VERSION}) stable; urgency=medium\n\n"
    "  * Release ${CPACK_PACKAGE_VERSION}.\n\n"
    " -- ${CPACK_PACKAGE_CONTACT}  ${date}\n")
  execute_process(COMMAND ${GZIP} -9nf ${docdir}/changelog COMMAND_ERROR_IS_FATAL ANY)
endforeach()
