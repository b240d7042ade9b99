/// One renderer per `diff` output format.
protocol DiffRenderer: Renderer where Item == ComparedTrace, Summary == DiffSummary {}
