#include <yaml.h>
#include <stdlib.h>
#include <string.h>

/* Events are pulled from libyaml in batches by this small C loop and copied into plain structs, so
 * that libyaml's parser and popgesture's decoder each run in a tight loop instead of evicting each
 * other's code from the instruction cache on every event. */

typedef struct {
    int type;         /* yaml_event_type_t */
    int line;         /* 1-based */
    int column;       /* 1-based */
    int start;        /* scalar bytes: offset in the arena */
    int length;
    int plain;        /* a plain scalar without a tag: may be a number or a boolean */
    int is_string;    /* quoted or tagged !!str: always a string */
    int name;         /* anchor, or an alias's name: offset in the arena, -1 when none */
    int name_length;
} pg_event;

typedef struct {
    pg_event *events;
    int count;
    int capacity;
    char *arena;
    size_t used;
    size_t size;
    int failed;       /* libyaml failed after the `count` events */
    int ended;        /* the stream end is among the events */
} pg_batch;

static inline long pg_store(pg_batch *b, const unsigned char *bytes, size_t length) {
    if (b->used + length + 1 > b->size) {
        size_t size = b->size * 2 > b->used + length + 1 ? b->size * 2 : b->used + length + 1;
        char *arena = (char *)realloc(b->arena, size);
        if (!arena) return -1;
        b->arena = arena;
        b->size = size;
    }
    long at = (long)b->used;
    if (length) memcpy(b->arena + at, bytes, length);
    b->arena[at + length] = 0;
    b->used += length + 1;
    return at;
}

static inline pg_batch *pg_batch_new(int capacity) {
    pg_batch *b = (pg_batch *)calloc(1, sizeof(pg_batch));
    if (!b) return NULL;
    b->events = (pg_event *)malloc(sizeof(pg_event) * (size_t)capacity);
    b->arena = (char *)malloc(65536);
    if (!b->events || !b->arena) { free(b->events); free(b->arena); free(b); return NULL; }
    b->capacity = capacity;
    b->size = 65536;
    return b;
}

static inline void pg_batch_free(pg_batch *b) {
    if (!b) return;
    free(b->events);
    free(b->arena);
    free(b);
}

static inline void pg_name(pg_batch *b, pg_event *e, const yaml_char_t *name) {
    if (!name) return;
    size_t length = strlen((const char *)name);
    long at = pg_store(b, name, length);
    if (at >= 0) { e->name = (int)at; e->name_length = (int)length; }
}

/* Fills the batch with up to `capacity` events; stops after the stream end or a failure. */
static inline void pg_fill(yaml_parser_t *parser, pg_batch *b) {
    yaml_event_t event;
    b->count = 0;
    b->used = 0;
    b->failed = 0;
    b->ended = 0;
    while (b->count < b->capacity) {
        if (!yaml_parser_parse(parser, &event)) { b->failed = 1; return; }
        pg_event *e = &b->events[b->count++];
        e->type = (int)event.type;
        e->line = (int)event.start_mark.line + 1;
        e->column = (int)event.start_mark.column + 1;
        e->start = 0; e->length = 0; e->plain = 0; e->is_string = 0; e->name = -1; e->name_length = 0;
        switch (event.type) {
        case YAML_SCALAR_EVENT: {
            long at = pg_store(b, event.data.scalar.value, event.data.scalar.length);
            if (at < 0) { yaml_event_delete(&event); b->count--; b->failed = 1; return; }
            e->start = (int)at;
            e->length = (int)event.data.scalar.length;
            e->plain = event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE && event.data.scalar.tag == NULL;
            e->is_string = event.data.scalar.style != YAML_PLAIN_SCALAR_STYLE
                || (event.data.scalar.tag && strcmp((const char *)event.data.scalar.tag, "tag:yaml.org,2002:str") == 0);
            pg_name(b, e, event.data.scalar.anchor);
            break;
        }
        case YAML_ALIAS_EVENT: pg_name(b, e, event.data.alias.anchor); break;
        case YAML_SEQUENCE_START_EVENT: pg_name(b, e, event.data.sequence_start.anchor); break;
        case YAML_MAPPING_START_EVENT: pg_name(b, e, event.data.mapping_start.anchor); break;
        default: break;
        }
        int type = (int)event.type;
        yaml_event_delete(&event);
        if (type == YAML_STREAM_END_EVENT) { b->ended = 1; return; }
    }
}
