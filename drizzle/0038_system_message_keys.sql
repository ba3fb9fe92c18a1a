-- System messages name their words by the producing feature's catalogue key (issue 27: events are
-- declared by their producers, with their messages' words); rows written before name the inbox's
-- own old keys.
UPDATE "inbox_message" SET "template" = CASE "template"
  WHEN 'depositCredited' THEN 'messages:wallet.depositCredited'
  WHEN 'withdrawalPaid' THEN 'messages:wallet.withdrawalPaid'
  WHEN 'withdrawalRejected' THEN 'messages:wallet.withdrawalRejected'
  WHEN 'contractOffered' THEN 'messages:agent.contractOffered'
  WHEN 'contractEnded' THEN 'messages:agent.contractEnded'
  WHEN 'bonusIssued' THEN 'messages:promotions.bonusIssued'
  WHEN 'bonusMissed' THEN 'messages:promotions.bonusMissed'
  WHEN 'vipLevelUp' THEN 'messages:promotions.vipLevelUp'
  WHEN 'applicationRejected' THEN 'messages:promotions.applicationRejected'
  WHEN 'referralRewarded' THEN 'messages:promotions.referralRewarded'
  WHEN 'referralWelcomed' THEN 'messages:promotions.referralWelcomed'
  ELSE "template" END
WHERE "kind" = 'system' AND "template" NOT LIKE '%:%';
