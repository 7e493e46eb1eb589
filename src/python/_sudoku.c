/*
 * _sudoku.c - the library, libsudoku, as the CPython extension module
 * sudoku._sudoku; the package sudoku (sudoku/__init__.py) wraps it in
 * Python's types.
 *
 * A puzzle comes in as a str in any form the command reads, and the
 * library's reader, sudoku_read_puzzle(), finds its cells: so every call
 * takes what `sudoku` takes. The GIL is released whenever the library
 * works, so that threads solve side by side; while it is, the call touches
 * no Python object, only the C structs of a job on its own stack or heap.
 *
 * The package's solve(), count(), grade() and canon() are jobs: one
 * puzzle in, one answer out, done by job_work(). one() does a job; run()
 * does a whole list of them in one release of the GIL, which is what the
 * package's batch() gives each of its threads. explain(), hint() and
 * generate() release it around each call into the library. What the
 * library refuses becomes an Error (a ValueError) carrying the status's
 * name and the library's words, which say where: "r1c3 and r1c7 both hold
 * 5", "foreign character 'x' at r1c5". The package checks every other
 * argument before it calls the module.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "sudoku.h"

/** The status names of sudoku.h, in the order of the enum. */
static const char *const status_names[] = {
#define NAME_ITEM(name, message) #name,
    SUDOKU_STATUS_LIST(NAME_ITEM)
#undef NAME_ITEM
};

/* sudoku.Error, made once when the module is. */
static PyObject *error_type;

/** The room for the library's words about a failure. */
#define MESSAGE_MAX 200

/** What a job does: one call of the package on one puzzle. */
enum job_kind { JOB_SOLVE, JOB_COUNT, JOB_GRADE, JOB_CANON, JOB_KINDS };

/** What the jobs of one run share: their kind and its one option. */
typedef struct job_settings {
    enum job_kind kind;
    unsigned long limit;   /* JOB_COUNT */
    sudoku_limits limits;  /* JOB_GRADE */
} job_settings;

/**
 * One puzzle's text and what became of it. The text is the UTF-8 of a
 * str, which `owner` keeps alive.
 */
typedef struct job {
    PyObject *owner;
    const char *text;
    Py_ssize_t length;
    sudoku_status status;
    char message[MESSAGE_MAX]; /* when status is not SUDOKU_OK */
    union {
        sudoku_grid grid;       /* JOB_SOLVE, JOB_CANON */
        unsigned long count;    /* JOB_COUNT */
        sudoku_rating rating;   /* JOB_GRADE */
    } answer;
} job;

/**
 * Makes the job's text that of `object`, which must be a str. A str with
 * a lone surrogate has no UTF-8; its bytes as "surrogatepass" writes them
 * go to the reader, which names the first as a foreign character.
 */
static int job_text(job *j, PyObject *object, Py_ssize_t index)
{
    if (!PyUnicode_Check(object)) {
        if (index < 0)
            PyErr_Format(PyExc_TypeError, "the puzzle must be a str, not %.80s",
                         Py_TYPE(object)->tp_name);
        else
            PyErr_Format(PyExc_TypeError, "puzzle %zd must be a str, not %.80s", index,
                         Py_TYPE(object)->tp_name);
        return -1;
    }
    j->text = PyUnicode_AsUTF8AndSize(object, &j->length);
    if (j->text) {
        Py_INCREF(object);
        j->owner = object;
        return 0;
    }
    if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError))
        return -1;
    PyErr_Clear();
    j->owner = PyUnicode_AsEncodedString(object, "utf-8", "surrogatepass");
    if (!j->owner)
        return -1;
    j->text = PyBytes_AS_STRING(j->owner);
    j->length = PyBytes_GET_SIZE(j->owner);
    return 0;
}

/** Fails the job with a status that has no details. */
static int job_fail(job *j, sudoku_status status)
{
    j->status = status;
    snprintf(j->message, sizeof j->message, "%s", sudoku_strerror(status));
    return -1;
}

/** Fails the job with a status, in the words of sudoku_describe(). */
static int job_fail_described(job *j, const sudoku_diagnostic *diag)
{
    j->status = diag->status;
    sudoku_describe(diag, j->message, sizeof j->message);
    return -1;
}

/**
 * Reads the job's text as one puzzle, in any form the reader takes: its
 * record, whose cells may also be 729 pencil marks. -1 on failure.
 */
static int job_read(job *j, sudoku_record *record)
{
    j->status = sudoku_read_puzzle(record, j->text, (size_t)j->length);
    if (j->status == SUDOKU_OK)
        return 0;
    sudoku_describe_record(record, j->message, sizeof j->message);
    return -1;
}

/** The grid of the record's cells, by sudoku_parse(). -1 on failure. */
static int job_parse(job *j, const sudoku_record *record, sudoku_grid *grid)
{
    sudoku_diagnostic diag;

    if (sudoku_parse(grid, record->cell, record->count, &diag) != SUDOKU_OK)
        return job_fail_described(j, &diag);
    return 0;
}

/** The grid of the job's text. -1 on failure. */
static int job_grid(job *j, sudoku_grid *grid)
{
    sudoku_record record;

    return job_read(j, &record) < 0 ? -1 : job_parse(j, &record, grid);
}

/** Does one job, without the GIL: fills in its status and answer. */
static void job_work(job *j, const job_settings *settings)
{
    sudoku_grid puzzle;
    sudoku_status status = SUDOKU_OK;

    j->status = SUDOKU_OK;
    if (job_grid(j, &puzzle) < 0)
        return;
    switch (settings->kind) {
    case JOB_SOLVE:
        status = sudoku_solve(&puzzle, &j->answer.grid, NULL);
        break;
    case JOB_COUNT:
        status = sudoku_count(&puzzle, settings->limit, &j->answer.count, NULL, NULL);
        break;
    case JOB_GRADE:
        status = sudoku_rate_limited(&puzzle, &settings->limits, &j->answer.rating, NULL);
        break;
    case JOB_CANON:
        status = sudoku_canon(&puzzle, &j->answer.grid, NULL, NULL);
        break;
    case JOB_KINDS:
        break;
    }
    if (status != SUDOKU_OK)
        job_fail(j, status);
}

/** A grid as sudoku_format() writes it: digits, and '.' for blanks. */
static PyObject *grid_str(const sudoku_grid *grid)
{
    char text[SUDOKU_CELLS + 1];

    return PyUnicode_FromStringAndSize(sudoku_format(grid, text), SUDOKU_CELLS);
}

/**
 * A rating as a tuple for the package's Grade, with the values of the
 * command's JSON (src/cli/text.c): ER, EP and ED in tenths, also when they
 * are only bounds; the level, with a '+' for a bound ("hard+" is hard or
 * harder), or None when that is the easiest; the hardest technique, or
 * None; whether the steps solved the grid, and if not, which limit stopped
 * them; and the number of steps.
 */
static PyObject *rating_tuple(const sudoku_rating *rating)
{
    size_t count;
    const sudoku_level_range *levels = sudoku_levels(&count);
    const int bound = rating->exceeded || rating->exhausted;
    const char *level = sudoku_level(rating);
    char bound_level[64];
    const char *stopped = NULL;

    if (bound) {
        if (strcmp(level, levels[0].name) == 0) {
            level = NULL;
        } else {
            snprintf(bound_level, sizeof bound_level, "%s+", level);
            level = bound_level;
        }
    }
    if (!rating->complete)
        stopped = rating->exceeded ? "max-rating" : rating->exhausted ? "budget" : "techniques";
    return Py_BuildValue("(iiizzNzk)", rating->er, rating->ep, rating->ed, level,
                         rating->hardest == SUDOKU_TECHNIQUE_COUNT
                             ? NULL
                             : sudoku_technique_name(rating->hardest),
                         PyBool_FromLong(rating->complete), stopped, rating->steps);
}

/** An Error of a status and its words; `index`, if not negative, says which puzzle. */
static PyObject *error_new(sudoku_status status, const char *message, Py_ssize_t index)
{
    PyObject *error = PyObject_CallFunction(error_type, "s", message);
    PyObject *code, *place;

    if (!error)
        return NULL;
    code = PyUnicode_FromString(status < SUDOKU_STATUS_COUNT ? status_names[status]
                                                             : "unknown status");
    place = index < 0 ? Py_NewRef(Py_None) : PyLong_FromSsize_t(index);
    if (!code || !place || PyObject_SetAttrString(error, "code", code) < 0 ||
        PyObject_SetAttrString(error, "index", place) < 0)
        Py_CLEAR(error);
    Py_XDECREF(code);
    Py_XDECREF(place);
    return error;
}

/** Raises the Error of a status and its words, and returns NULL. */
static PyObject *raise_status(sudoku_status status, const char *message)
{
    PyObject *error = error_new(status, message, -1);

    if (error) {
        PyErr_SetObject(error_type, error);
        Py_DECREF(error);
    }
    return NULL;
}

/** Raises the Error of a status with no details. */
static PyObject *raise_bare(sudoku_status status)
{
    return raise_status(status, sudoku_strerror(status));
}

/** A done job's answer, or the Error it failed with (not raised). */
static PyObject *job_answer(const job *j, const job_settings *settings, Py_ssize_t index)
{
    if (j->status != SUDOKU_OK)
        return error_new(j->status, j->message, index);
    switch (settings->kind) {
    case JOB_COUNT:
        return PyLong_FromUnsignedLong(j->answer.count);
    case JOB_GRADE:
        return rating_tuple(&j->answer.rating);
    default:
        return grid_str(&j->answer.grid);
    }
}

/**
 * Reads the settings of a run from its arguments: the kind, the count's
 * limit and the grade's most rating in tenths (0 for none), which the
 * package has checked.
 */
static int settings_from(job_settings *settings, int kind, unsigned long limit, int most)
{
    if (kind < 0 || kind >= JOB_KINDS || limit < 1 || most < 0) {
        PyErr_SetString(PyExc_ValueError, "no such job");
        return -1;
    }
    memset(settings, 0, sizeof *settings);
    settings->kind = (enum job_kind)kind;
    settings->limit = limit;
    settings->limits.max_difficulty = most;
    return 0;
}

PyDoc_STRVAR(run_doc, "run(kind, puzzles, start, limit, most) -> list\n\n"
                      "Does the job `kind` on each str of the list `puzzles`, with the GIL\n"
                      "released, and returns the answers in order, an Error in place of\n"
                      "each that failed, whose index is `start` plus its place.");

static PyObject *run(PyObject *module, PyObject *args)
{
    int kind, most;
    unsigned long limit;
    Py_ssize_t start, n, done = 0;
    PyObject *puzzles, *answers = NULL;
    job_settings settings;
    job *jobs;

    (void)module;
    if (!PyArg_ParseTuple(args, "iO!nki", &kind, &PyList_Type, &puzzles, &start, &limit, &most) ||
        settings_from(&settings, kind, limit, most) < 0)
        return NULL;
    n = PyList_GET_SIZE(puzzles);
    jobs = PyMem_Calloc(n ? (size_t)n : 1, sizeof *jobs);
    if (!jobs)
        return PyErr_NoMemory();
    /* The list may change once the GIL is let go; the jobs hold their texts. */
    for (; done < n; done++)
        if (job_text(&jobs[done], PyList_GET_ITEM(puzzles, done), start + done) < 0)
            goto out;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n; i++)
        job_work(&jobs[i], &settings);
    Py_END_ALLOW_THREADS
    answers = PyList_New(n);
    for (Py_ssize_t i = 0; answers && i < n; i++) {
        PyObject *answer = job_answer(&jobs[i], &settings, start + i);

        if (!answer)
            Py_CLEAR(answers);
        else
            PyList_SET_ITEM(answers, i, answer);
    }
out:
    while (done > 0)
        Py_DECREF(jobs[--done].owner);
    PyMem_Free(jobs);
    return answers;
}

PyDoc_STRVAR(one_doc, "one(kind, puzzle, limit, most) -> answer\n\n"
                      "Does the job `kind` on one puzzle, with the GIL released; raises\n"
                      "Error if the library refuses it.");

static PyObject *one(PyObject *module, PyObject *args)
{
    int kind, most;
    unsigned long limit;
    PyObject *puzzle, *answer = NULL;
    job_settings settings;
    job j;

    (void)module;
    if (!PyArg_ParseTuple(args, "iOki", &kind, &puzzle, &limit, &most) ||
        settings_from(&settings, kind, limit, most) < 0 || job_text(&j, puzzle, -1) < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    job_work(&j, &settings);
    Py_END_ALLOW_THREADS
    if (j.status != SUDOKU_OK)
        raise_status(j.status, j.message);
    else
        answer = job_answer(&j, &settings, -1);
    Py_DECREF(j.owner);
    return answer;
}

PyDoc_STRVAR(read_doc, "read(text) -> str\n\n"
                       "The cells of the one puzzle the text holds, as it gives them: 81,\n"
                       "or 729 of pencil marks; raises Error for any other number.");

static PyObject *read_cells(PyObject *module, PyObject *text)
{
    sudoku_record record;
    sudoku_grid grid;
    PyObject *answer = NULL;
    job j;

    (void)module;
    if (job_text(&j, text, -1) < 0)
        return NULL;
    if (job_read(&j, &record) < 0 ||
        (record.count != SUDOKU_CELLS && record.count != SUDOKU_MARKS &&
         job_parse(&j, &record, &grid) < 0))
        raise_status(j.status, j.message);
    else
        answer = PyUnicode_FromStringAndSize(record.cell, (Py_ssize_t)record.count);
    Py_DECREF(j.owner);
    return answer;
}

/**
 * The candidate grid that explain starts from, as the command builds it:
 * from a puzzle, or from 729 characters of pencil marks (on one line, or
 * drawn as nine rows of candidates), which must leave no cell bare; either
 * must have exactly one solution. -1 on failure, with the job's status.
 */
static int job_candidates(job *j, sudoku_candidates *grid, sudoku_grid *solution)
{
    sudoku_record record;
    sudoku_grid puzzle;
    sudoku_diagnostic diag;
    unsigned long found = 0;

    if (job_read(j, &record) < 0)
        return -1;
    if (record.count == SUDOKU_MARKS) {
        unsigned short marks[SUDOKU_CELLS];

        if (sudoku_parse_marks(&puzzle, marks, record.cell, record.count, &diag) != SUDOKU_OK ||
            sudoku_candidates_init(grid, &puzzle, marks, &diag) != SUDOKU_OK)
            return job_fail_described(j, &diag);
        j->status = sudoku_candidates_count(grid, 2, &found, solution);
    } else {
        if (job_parse(j, &record, &puzzle) < 0)
            return -1;
        j->status = sudoku_count(&puzzle, 2, &found, solution, NULL);
        if (j->status == SUDOKU_OK)
            j->status = sudoku_candidates_init(grid, &puzzle, NULL, NULL);
    }
    if (j->status != SUDOKU_OK)
        return job_fail(j, j->status);
    if (found != 1)
        return job_fail(j, found == 0 ? SUDOKU_E_UNSOLVABLE : SUDOKU_E_NOT_UNIQUE);
    return 0;
}

/**
 * The easiest step on the grid, found without the GIL: 1, 0 when none is
 * left (SUDOKU_E_NO_STEP), or -1 with the Error raised.
 */
static int next_step(const sudoku_candidates *grid, sudoku_step *step)
{
    sudoku_status status;

    Py_BEGIN_ALLOW_THREADS
    status = sudoku_next_step(grid, step);
    Py_END_ALLOW_THREADS
    if (status == SUDOKU_E_NO_STEP)
        return 0;
    if (status != SUDOKU_OK) {
        raise_bare(status);
        return -1;
    }
    return 1;
}

/** A step as sudoku_step_json() writes it; with the grid's candidates unless NULL. */
static PyObject *step_json(const sudoku_step *step, const sudoku_candidates *marks)
{
    size_t size = sudoku_step_json(step, marks, NULL, 0) + 1;
    char *text = PyMem_Malloc(size);
    PyObject *json;

    if (!text)
        return PyErr_NoMemory();
    sudoku_step_json(step, marks, text, size);
    json = PyUnicode_FromString(text);
    PyMem_Free(text);
    return json;
}

/**
 * Starts explain() and hint(): the candidate grid of the text, and its
 * solution, made without the GIL. -1 with the exception raised.
 */
static int start_steps(PyObject *text, sudoku_candidates *grid, sudoku_grid *solution)
{
    job j;
    int failed;

    if (job_text(&j, text, -1) < 0)
        return -1;
    Py_BEGIN_ALLOW_THREADS
    failed = job_candidates(&j, grid, solution);
    Py_END_ALLOW_THREADS
    Py_DECREF(j.owner);
    if (failed)
        raise_status(j.status, j.message);
    return failed;
}

PyDoc_STRVAR(explain_doc, "explain(text, candidates) -> (steps, solution, rating, marks)\n\n"
                          "The steps from a puzzle or pencil marks to the end, each as the JSON\n"
                          "of sudoku_step_json(), with the grid's candidates if `candidates`;\n"
                          "the solution; the rating's tuple; and when the steps did not finish,\n"
                          "the pencil marks they left, else None.");

static PyObject *explain(PyObject *module, PyObject *args)
{
    PyObject *text, *steps, *json, *marks = Py_None;
    int candidates, found;
    sudoku_candidates grid;
    sudoku_grid solution;
    sudoku_step step;
    sudoku_rating rating;
    char marks_text[SUDOKU_MARKS + 1];

    (void)module;
    if (!PyArg_ParseTuple(args, "Op", &text, &candidates) ||
        start_steps(text, &grid, &solution) < 0 || !(steps = PyList_New(0)))
        return NULL;
    sudoku_rating_start(&rating);
    while ((found = next_step(&grid, &step)) == 1) {
        json = step_json(&step, candidates ? &grid : NULL);
        if (!json || PyList_Append(steps, json) < 0) {
            Py_XDECREF(json);
            found = -1;
            break;
        }
        Py_DECREF(json);
        sudoku_rating_add(&rating, &step);
        sudoku_apply_step(&grid, &step);
    }
    if (found < 0) {
        Py_DECREF(steps);
        return NULL;
    }
    sudoku_rating_finish(&rating, &grid);
    if (!rating.complete)
        marks = PyUnicode_FromString(sudoku_format_marks(&grid, marks_text));
    else
        Py_INCREF(marks);
    return Py_BuildValue("(NNNN)", steps, grid_str(&solution), rating_tuple(&rating), marks);
}

PyDoc_STRVAR(hint_doc, "hint(text, candidates) -> str or None\n\n"
                       "The first step from a puzzle or pencil marks as the JSON of\n"
                       "sudoku_step_json(), or None when no technique applies.");

static PyObject *hint(PyObject *module, PyObject *args)
{
    PyObject *text;
    int candidates, found;
    sudoku_candidates grid;
    sudoku_grid solution;
    sudoku_step step;

    (void)module;
    if (!PyArg_ParseTuple(args, "Op", &text, &candidates) ||
        start_steps(text, &grid, &solution) < 0 || (found = next_step(&grid, &step)) < 0)
        return NULL;
    if (!found)
        Py_RETURN_NONE;
    return step_json(&step, candidates ? &grid : NULL);
}

/*
 * The puzzles of a sequence, each with exactly one solution, into a new
 * array of *count grids (PyMem_Free() it); NULL with an exception set.
 */
static sudoku_grid *start_list(PyObject *puzzles, Py_ssize_t *count)
{
    PyObject *items = PySequence_Fast(puzzles, "near must be a sequence of puzzles");
    sudoku_grid *list = NULL;

    if (!items)
        return NULL;
    *count = PySequence_Fast_GET_SIZE(items);
    if (*count == 0 || *count > UINT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "near must hold one puzzle at least");
        goto done;
    }
    list = PyMem_New(sudoku_grid, (size_t)*count);
    if (!list) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < *count; i++) {
        unsigned long solutions = 0;
        job j;

        if (job_text(&j, PySequence_Fast_GET_ITEM(items, i), i) < 0)
            goto failed;
        if (job_grid(&j, &list[i]) == 0) {
            const sudoku_status counted = sudoku_count(&list[i], 2, &solutions, NULL, NULL);

            if (counted != SUDOKU_OK)
                job_fail(&j, counted);
            else if (solutions != 1)
                job_fail(&j, solutions == 0 ? SUDOKU_E_UNSOLVABLE : SUDOKU_E_NOT_UNIQUE);
        }
        Py_DECREF(j.owner);
        if (j.status != SUDOKU_OK) {
            raise_status(j.status, j.message);
            goto failed;
        }
    }
    goto done;
failed:
    PyMem_Free(list);
    list = NULL;
done:
    Py_DECREF(items);
    return list;
}

PyDoc_STRVAR(generate_doc,
             "generate(seed, index, symmetry, max_givens, least, most, near=None) -> tuple\n\n"
             "Puzzle `index` of the run `seed`, by sudoku_generate(), or by\n"
             "sudoku_generate_rated() when least is not negative (least and most\n"
             "in tenths), or by sudoku_generate_near() near the puzzles `near`:\n"
             "(puzzle, solution, givens, symmetry, attempts, rating), the rating's\n"
             "tuple or None.");

static PyObject *generate(PyObject *module, PyObject *args)
{
    unsigned long long seed, index;
    int symmetry, least, most;
    PyObject *near = Py_None;
    sudoku_generate_options options = {0};
    sudoku_grid *starts = NULL;
    Py_ssize_t count = 0;
    sudoku_generated out;
    sudoku_rating rating;
    sudoku_status status;

    (void)module;
    if (!PyArg_ParseTuple(args, "KKiiii|O", &seed, &index, &symmetry, &options.max_clues, &least,
                          &most, &near))
        return NULL;
    if (symmetry < 0 || symmetry >= SUDOKU_SYMMETRY_COUNT)
        return raise_bare(SUDOKU_E_OPTION);
    options.symmetry = (sudoku_symmetry)symmetry;
    if (near != Py_None && !(starts = start_list(near, &count)))
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    if (starts)
        status = sudoku_generate_near(seed, index, starts, (size_t)count, options.max_clues,
                                      least, most, &out, &rating);
    else if (least < 0)
        status = sudoku_generate(seed, index, &options, &out);
    else
        status = sudoku_generate_rated(seed, index, &options, least, most, &out, &rating);
    Py_END_ALLOW_THREADS
    PyMem_Free(starts);
    if (status != SUDOKU_OK)
        return raise_bare(status);
    return Py_BuildValue("(NNisk N)", grid_str(&out.puzzle), grid_str(&out.solution), out.clues,
                         sudoku_symmetry_name(out.symmetry), out.attempts,
                         least < 0 ? Py_NewRef(Py_None) : rating_tuple(&rating));
}

static PyMethodDef methods[] = {
    {"run", run, METH_VARARGS, run_doc},
    {"one", one, METH_VARARGS, one_doc},
    {"read", read_cells, METH_O, read_doc},
    {"explain", explain, METH_VARARGS, explain_doc},
    {"hint", hint, METH_VARARGS, hint_doc},
    {"generate", generate, METH_VARARGS, generate_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "sudoku._sudoku",
    .m_doc = "The library libsudoku, for the package sudoku.",
    .m_size = -1,
    .m_methods = methods,
};

/** Adds an object to the module and lets it go, as PyModule_Add() of 3.13 does. */
static int add(PyObject *module, const char *name, PyObject *value)
{
    int status = value ? PyModule_AddObjectRef(module, name, value) : -1;

    Py_XDECREF(value);
    return status;
}

/** A tuple of the strings that `name` gives for 0, 1, ... until NULL or `count`. */
static PyObject *names(const char *(*name)(int), int count)
{
    PyObject *tuple = PyTuple_New(count);

    for (int i = 0; tuple && i < count; i++) {
        PyObject *item = PyUnicode_FromString(name(i));

        if (!item)
            Py_CLEAR(tuple);
        else
            PyTuple_SET_ITEM(tuple, i, item);
    }
    return tuple;
}

static const char *symmetry_name(int i) { return sudoku_symmetry_name((sudoku_symmetry)i); }

static const char *status_name(int i) { return status_names[i]; }

/** The levels of sudoku_levels(), as (name, least, most) in tenths. */
static PyObject *level_table(void)
{
    size_t count;
    const sudoku_level_range *levels = sudoku_levels(&count);
    PyObject *tuple = PyTuple_New((Py_ssize_t)count);

    for (size_t i = 0; tuple && i < count; i++) {
        PyObject *item = Py_BuildValue("(sii)", levels[i].name, levels[i].min, levels[i].max);

        if (!item)
            Py_CLEAR(tuple);
        else
            PyTuple_SET_ITEM(tuple, (Py_ssize_t)i, item);
    }
    return tuple;
}

PyMODINIT_FUNC PyInit__sudoku(void);

PyMODINIT_FUNC PyInit__sudoku(void)
{
    PyObject *module = PyModule_Create(&module_def);

    if (!module)
        return NULL;
    error_type = PyErr_NewExceptionWithDoc(
        "sudoku.Error",
        "What the library refused, in its own words; `code` names the status of\n"
        "sudoku.h, such as 'SUDOKU_E_CONFLICT'.",
        PyExc_ValueError, NULL);
    if (!error_type || PyModule_AddObjectRef(module, "Error", error_type) < 0 ||
        PyModule_AddStringConstant(module, "version", sudoku_version()) < 0 ||
        add(module, "levels", level_table()) < 0 ||
        add(module, "symmetries", names(symmetry_name, SUDOKU_SYMMETRY_COUNT)) < 0 ||
        add(module, "statuses", names(status_name, SUDOKU_STATUS_COUNT)) < 0 ||
        add(module, "LIMIT_MAX", PyLong_FromUnsignedLong(ULONG_MAX)) < 0 ||
        PyModule_AddIntConstant(module, "SOLVE", JOB_SOLVE) < 0 ||
        PyModule_AddIntConstant(module, "COUNT", JOB_COUNT) < 0 ||
        PyModule_AddIntConstant(module, "GRADE", JOB_GRADE) < 0 ||
        PyModule_AddIntConstant(module, "CANON", JOB_CANON) < 0 ||
        PyModule_AddIntConstant(module, "BEYOND_DIFFICULTY", SUDOKU_BEYOND_DIFFICULTY) < 0 ||
        PyModule_AddIntConstant(module, "RATING_UNBOUNDED", SUDOKU_RATING_UNBOUNDED) < 0 ||
        PyModule_AddIntConstant(module, "LEAST_RATING", SUDOKU_GENERATED_LEAST_RATING) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
