// Starts Swagger UI on the API docs page (GET /docs).  Everything it loads comes from this
// server: the Swagger UI files under /docs/assets/ and the document at data-spec-url.
window.addEventListener("load", function () {
  var root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: root.getAttribute("data-spec-url"),
    domNode: root,
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    validatorUrl: null,
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
  });
});
