-- Buyer criteria are kept under the spec's column names (industryPreferences, …);
-- rows written before keep their values under the new names, "Both" reads "Either".
UPDATE `customers` SET `preferences` = json_object(
  'industryPreferences', json(coalesce(json_extract(`preferences`, '$.industries'), json_extract(`preferences`, '$.industryPreferences'), '[]')),
  'statePreferences', json(coalesce(json_extract(`preferences`, '$.states'), json_extract(`preferences`, '$.statePreferences'), '[]')),
  'borrowerLocationPreferences', json(coalesce(json_extract(`preferences`, '$.locations'), json_extract(`preferences`, '$.borrowerLocationPreferences'), '[]')),
  'transactionScalePreferences', json(coalesce(json_extract(`preferences`, '$.transactionScales'), json_extract(`preferences`, '$.transactionScalePreferences'), '[]')),
  'performingLoanPreference', replace(coalesce(json_extract(`preferences`, '$.performingLoanPreference'), ''), 'Both', 'Either'),
  'investmentPref', json(coalesce(json_extract(`preferences`, '$.investmentTypes'), json_extract(`preferences`, '$.investmentPref'), '[]')),
  'transactionPref', json(coalesce(json_extract(`preferences`, '$.transactionPref'), '[]')),
  'investmentCriteria', coalesce(json_extract(`preferences`, '$.investmentCriteria'), '')
);
