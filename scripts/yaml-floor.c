/* The floor for popgesture's throughput: a bare libyaml event scan of the same files, calling only
 * yaml_parser_parse and yaml_event_delete. popgesture cannot read YAML faster than this. */
#include <stdio.h>
#include <yaml.h>

int main(int argc, char **argv) {
    unsigned long events = 0;
    for (int i = 1; i < argc; i++) {
        FILE *file = fopen(argv[i], "rb");
        if (!file) { perror(argv[i]); return 2; }
        yaml_parser_t parser;
        yaml_event_t event;
        yaml_parser_initialize(&parser);
        yaml_parser_set_input_file(&parser, file);
        for (;;) {
            if (!yaml_parser_parse(&parser, &event)) { fprintf(stderr, "%s: parse error\n", argv[i]); return 2; }
            int done = event.type == YAML_STREAM_END_EVENT;
            yaml_event_delete(&event);
            events++;
            if (done) break;
        }
        yaml_parser_delete(&parser);
        fclose(file);
    }
    printf("%lu events\n", events);
    return 0;
}
