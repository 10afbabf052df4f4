// Search for flags as they are typed: `--max-model-len`, `-tp`.
//
// The theme's search engine (lunr) reads a leading `-` as "exclude this word", so a
// query for a flag found nothing. Every query reaches the search worker through
// Worker.postMessage; this drops the dashes that start a word before it does. The rest
// of the flag is split into words by the `separator` of mkdocs.yml, as the page text
// is, so `--max-model-len`, `max-model-len` and `max_model_len` all find the flag.
(function () {
  var QUERY = 2; // the theme's SearchMessageType.QUERY
  var post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message) {
    if (message && message.type === QUERY && typeof message.data === "string") {
      var data = message.data.replace(/(^|\s)-+([A-Za-z0-9][\w.-]*)/g, function (_, pre, flag) {
        // a flag: every word of it required, matched exactly (not as a prefix)
        return pre + flag.split(/[-_.]+/).filter(Boolean).map(function (w) {
          return "+" + w;
        }).join(" ");
      });
      arguments[0] = Object.assign({}, message, { data: data });
    }
    return post.apply(this, arguments);
  };
})();
