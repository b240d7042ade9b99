/// One renderer per `validate` output format.
protocol ValidateRenderer: Renderer where Item == InvalidDocument, Summary == ValidateSummary {}
