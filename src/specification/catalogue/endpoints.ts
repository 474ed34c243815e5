// The requirements of every endpoint (the spec's "Common rules for all endpoints", its Errors,
// Limits and Versioning): the envelope of every reply to a valid request, all nine operations, and
// the requests a gateway cannot take. Judged by src/contracts/envelope.ts.
// src/specification/requirements.ts assembles the catalogue; this file is data and imports only ./define.ts.
import { r, spec, ota, profile, REFUSAL_FORMS, ERRORS_OPEN, ERRORS_CONVENTION, FIELDS_OPEN, EP } from './define';

export const requirements = {
  core: [
    r({
      id: 'EP-POST',
      level: 'MUST',
      class: 'core',
      section: `What the service does; ${EP} 1; Versioning`,
      statement:
        'Each of the nine operations is served for an HTTP POST with Content-Type application/xml and an XML body, sent to its own path under the base URL (the paths of the Endpoints section, with no version segment).',
      basis: spec('Every operation is one HTTP POST to its own path under {base_url}.'),
      grain: {
        reading:
          '"Every operation is one HTTP POST to its own path under {base_url}", with common rule 1 (Content-Type application/xml, an XML body): each of the nine valid requests, sent that way to its own path (no version segment), is served. It demands that the path serve the POST; it says nothing of other methods, so none is sent.',
        accepts:
          'A POST to /bookread answered HTTP 200, Content-Type application/xml; charset=ISO-8859-1, with an ota:-prefixed OTA_ResRetrieveRS: any charset parameter, prefix or reply layout is a served reply.',
        refuses:
          'A valid POST to /bookcancel refused in any form: 404 or 405 text/plain (the path not served), 400 with an Errors body, or 500; the refusal of a value the suite guessed is cannot tell instead.',
      },
    }),
    r({
      id: 'EP-STATUS-200',
      level: 'MUST',
      class: 'core',
      section: `${EP} 2; Errors`,
      statement: 'The reply to a valid request has HTTP status 200 (refusals are outside this requirement).',
      basis: spec('Success is HTTP status 200 with an application/xml body (a string of XML).'),
      grain: {
        reading:
          '"Success is HTTP status 200 with an application/xml body": a reply that serves a valid request (no refusal, or a Success shown) has status 200. The spec shows no error form ("Error responses ...: not shown"), so a refusal of any form is outside this requirement (the scenario\'s own "served" MUST judges it).',
        accepts: 'A refusal answered 404 with OTA_ErrorRS, or 401 with a plain-text body: no finding here; a success answered 200.',
        refuses: 'A reply with Success and its data answered 201, 202 or 500.',
      },
    }),
    r({
      id: 'EP-CONTENT-TYPE',
      level: 'MUST',
      class: 'core',
      section: `${EP} 2`,
      statement: 'The reply to a valid request has the media type application/xml (parameters such as charset are allowed).',
      basis: spec('Success is HTTP status 200 with an application/xml body (a string of XML).'),
      grain: {
        reading:
          '"Success is HTTP status 200 with an application/xml body": the media type of a served reply is application/xml; parameters (charset) are allowed, and a refusal\'s type is outside it.',
        accepts: 'Content-Type: application/xml; charset=windows-1251 on a served reply; text/plain on a 404 refusal (outside).',
        refuses: 'A served reply (Success and its data) with Content-Type text/xml, text/html or application/json.',
      },
    }),
    r({
      id: 'EP-WELL-FORMED',
      level: 'MUST',
      class: 'core',
      section: `${EP} 2`,
      statement: 'The body of the reply to a valid request is a well-formed XML document, decodable in the encoding it declares.',
      basis: spec('Success is HTTP status 200 with an application/xml body (a string of XML).'),
      grain: {
        reading:
          '"with an application/xml body (a string of XML)": the body of a served reply is one well-formed XML document, decodable in the encoding it declares (BOM, declaration or charset parameter).',
        accepts:
          'A served reply in ISO-8859-1 with its declaration, pretty-printed, with comments and CDATA; a refusal with a plain-text body (outside).',
        refuses: 'A served reply cut short inside an element, or bytes that are not valid in the encoding it declares.',
      },
    }),
    r({
      id: 'EP-NAMESPACE',
      level: 'MUST',
      class: 'core',
      section: `${EP} 3`,
      statement:
        'The root element of the reply to a valid request is in the namespace {ota_namespace}, whether it is declared as the default namespace or bound to a prefix.',
      basis: spec('The root element carries xmlns set to {ota_namespace} and a Version attribute.'),
      grain: {
        reading:
          '"The root element carries xmlns set to {ota_namespace}": the root of a served reply is in that namespace; the infoset does not tell a default namespace from a prefix, so both count.',
        accepts: '<ota:OTA_HotelAvailRS xmlns:ota="http://www.opentravel.org/OTA/2003/05" Version="2.0"> with every element prefixed.',
        refuses: 'A served reply whose root has no namespace, or another one (an OTA 2002 or vendor namespace).',
      },
    }),
    r({
      id: 'EP-VERSION',
      level: 'MUST',
      class: 'core',
      section: `${EP} 3; Versioning`,
      statement:
        'The root element of the reply to a valid request carries a non-empty Version attribute (its value is not checked: the Versioning table gives request values only).',
      // Common rule 3 states it ("carries ... a Version attribute"); the Versioning sentence alone
      // only says where a message's version is.
      basis: spec('The root element carries xmlns set to {ota_namespace} and a Version attribute.'),
      grain: {
        reading:
          '"The root element carries ... a Version attribute": the root of a served reply has a non-empty Version. The Versioning table gives request values only, so the reply\'s value is not compared.',
        accepts: 'OTA_ResRetrieveRS Version="1.003" in reply to an OTA_ReadRQ of Version 2008.1.',
        refuses: 'A served reply whose root has no Version attribute, or Version="".',
      },
    }),
    r({
      id: 'EP-DATES',
      level: 'SHOULD',
      class: 'core',
      section: `${EP} 5`,
      statement:
        'Dates and date-times in replies are ISO 8601 dates and date-times as XML Schema writes them (xs:date, xs:dateTime: yyyy-mm-dd, yyyy-mm-ddThh:mm:ss, a zone allowed), not a local or free form.',
      basis: ota(
        `dates and date-times are XML Schema xs:date and xs:dateTime (ISO 8601), which allow a zone. Rule 5 ("Dates are ISO 8601 calendar dates (yyyy-mm-dd).") defines the dates and date-times of the request tables, and the spec shows no reply field (${FIELDS_OPEN}), so it is not a MUST on replies, and a zone in a reply is no finding.`,
      ),
    }),
    r({
      id: 'EP-RS-ROOT',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints',
      statement: 'The reply root is the request root with RQ replaced by RS (OTA_ReadRQ is answered by OTA_ResRetrieveRS).',
      basis: ota(
        'each request message has its response message (OTA_ReadRQ/OTA_ResRetrieveRS); the spec says "Response body structure of every endpoint: not shown."',
      ),
    }),
    r({
      id: 'EP-SUCCESS-XOR-ERRORS',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints',
      statement: 'A reply holds exactly one of Success or Errors (Warnings may sit beside Success).',
      basis: ota('every response message holds either Success (with optional Warnings) or Errors.'),
    }),
    r({
      id: 'EP-ECHOTOKEN',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints, /hotelavailability',
      statement: "A reply to a request that carries an EchoToken echoes it unchanged in the reply root's EchoToken.",
      basis: ota(
        'when a request carries an EchoToken, the response carries the same value; the spec lists EchoToken on the hotel availability request only.',
      ),
    }),
    r({
      id: 'EP-ERROR-TYPE',
      level: 'SHOULD',
      class: 'core',
      section: 'Errors',
      statement: 'Every Error of an Errors reply carries a Type, and a Code, ShortText or text that says what went wrong.',
      basis: ota(
        `Error has a required Type (code list EWT) and a Code (code list ERR) or ShortText; the spec leaves the error form open (${ERRORS_OPEN})`,
      ),
    }),
    r({
      id: 'EP-NO-DOCTYPE',
      level: 'SHOULD',
      class: 'core',
      section: `${EP} 2`,
      statement: 'A reply carries no DOCTYPE (no DTD, no entity declarations).',
      basis: ota(
        'messages are defined by XML Schema alone and carry no DTD; a DOCTYPE in a reply also exposes clients to entity expansion.',
      ),
    }),
    r({
      id: 'EP-TIMELY',
      level: 'SHOULD',
      class: 'core',
      section: 'Limits',
      statement: "A reply arrives within the suite's configured request timeout.",
      basis: profile(
        'this project\'s profile: the configured request timeout (OTA_REQUEST_TIMEOUT_MS) stands for a usable response time; the spec leaves it open ("rate limits, request size limits and time-outs: not shown.").',
      ),
    }),

    // requests the gateway cannot take
    r({
      id: 'EP-REJECT-MALFORMED',
      level: 'SHOULD',
      class: 'core',
      section: `${EP} 1; Errors`,
      statement: `A body that is not well-formed XML is refused with no data, ${REFUSAL_FORMS}.`,
      basis: ota(`${ERRORS_CONVENTION}; the spec requires an XML body ("The body is an XML document.").`),
    }),
    r({
      id: 'EP-REJECT-NAMESPACE',
      level: 'SHOULD',
      class: 'core',
      section: `What the service does; ${EP} 3; Errors`,
      statement: `A request whose root element is not in {ota_namespace} is refused with no data, ${REFUSAL_FORMS}.`,
      basis: ota(
        `${ERRORS_CONVENTION}; the spec says what requests are ("Requests are XML documents whose root element is in the namespace {ota_namespace}."), not what happens to others.`,
      ),
    }),
    r({
      id: 'EP-REJECT-ROOT',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints; Errors',
      statement: `A request whose root element is not the one for its path (another operation's root) is refused with no data, ${REFUSAL_FORMS}.`,
      basis: ota(
        `${ERRORS_CONVENTION}; the spec gives each path its root (for example "Root OTA_ReadRQ, attributes Version") and says nothing of other roots.`,
      ),
    }),
    r({
      id: 'EP-REJECT-VERSION',
      level: 'INFO',
      class: 'core',
      section: 'Versioning',
      statement:
        'Whether a request whose Version is not the one in the Versioning table for its path is refused or served is reported for information.',
      basis: profile(
        'a choice the spec leaves open: "Deprecation policy and behaviour for other Version values: not shown." Serving other Versions and refusing them are both conformant.',
      ),
    }),
  ],
} as const;
