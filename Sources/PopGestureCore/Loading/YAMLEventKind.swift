internal import CYaml

extension YAMLDocumentReader {
    /// What the current libyaml event is, as the reader's callers ask it.
    package enum EventKind {
        case streamStart, streamEnd, documentStart, documentEnd
        case scalar, alias, sequenceStart, sequenceEnd, mappingStart, mappingEnd
        case none

        package init(libyamlType type: Int32) {
            self =
                switch yaml_event_type_t(UInt32(type)) {
                case YAML_STREAM_START_EVENT: .streamStart
                case YAML_STREAM_END_EVENT: .streamEnd
                case YAML_DOCUMENT_START_EVENT: .documentStart
                case YAML_DOCUMENT_END_EVENT: .documentEnd
                case YAML_SCALAR_EVENT: .scalar
                case YAML_ALIAS_EVENT: .alias
                case YAML_SEQUENCE_START_EVENT: .sequenceStart
                case YAML_SEQUENCE_END_EVENT: .sequenceEnd
                case YAML_MAPPING_START_EVENT: .mappingStart
                case YAML_MAPPING_END_EVENT: .mappingEnd
                default: .none
                }
        }
    }
}
